import { WIDE_FEED_MIN_WIDTH } from './page-hints.ts';

/** Viewport widths where the waterfall gains a column (DESIGN.md: 2 on phones, 3 at 768, 4–5 from 1200). */
export const COLUMN_BREAKPOINTS = [
  { minWidth: 1400, columns: 5 },
  { minWidth: 1200, columns: 4 },
  { minWidth: WIDE_FEED_MIN_WIDTH, columns: 3 },
  { minWidth: 0, columns: 2 },
] as const;

/** How many columns the feed has on a viewport `width` CSS pixels wide. */
export const columnsForWidth = (width: number): number =>
  COLUMN_BREAKPOINTS.find((breakpoint) => width >= breakpoint.minWidth)?.columns ?? 2;

/**
 * The client hint in which Chromium-based browsers name their viewport's width, once the site
 * has asked for it (`Accept-CH`; `Critical-CH` has a desktop browser send its first request again
 * with it): the server draws the feed in the columns of the reader's screen. Drawn in two and
 * re-laid in five when the app started, a desktop's feed moved under the reader, a layout shift
 * of 0.4–0.57 on a throttled network. Other browsers send no hint, and their feed is drawn in two.
 */
export const VIEWPORT_WIDTH_HINT = 'Sec-CH-Viewport-Width';
