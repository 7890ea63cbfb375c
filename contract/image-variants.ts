/**
 * The widths of the resized variants (`?w=`) the site asks for, and the `sizes` of the two
 * images a page opens with. The server's preloads must name exactly the URLs and sizes the
 * page's <img> will choose, or the browser downloads the image twice.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 480, 640, 960, 1280] as const;

/** A note card's cover in the waterfall (2 columns on phones, 3 from 768, 4–5 from 1200). */
export const CARD_IMAGE_SIZES =
  '(min-width: 1400px) 250px, (min-width: 1200px) 290px, (min-width: 768px) 33vw, 50vw';

/** A slide of the note page's image viewer. */
export const SLIDE_IMAGE_SIZES = '(min-width: 1024px) 640px, 100vw';
