/**
 * The geometry of the avatar cropper: an image shown behind a square viewport of `view` px,
 * scaled so it always covers it, moved by `offset` (the image's top-left corner relative to
 * the viewport's, so both numbers are zero or negative).
 */
export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** Screen pixels per image pixel at a zoom: at 1 the shorter side just fills the viewport. */
export function scaleAt(image: Size, view: number, zoom: number): number {
  return (view / Math.min(image.width, image.height)) * zoom;
}

/** Keeps the viewport covered: the image may not be moved past any of its edges. */
export function clampOffset(offset: Point, image: Size, view: number, zoom: number): Point {
  const scale = scaleAt(image, view, zoom);
  const clamp = (value: number, shown: number) => Math.min(0, Math.max(view - shown, value));
  return { x: clamp(offset.x, image.width * scale), y: clamp(offset.y, image.height * scale) };
}

/** The offset that shows the image centred. */
export function centredOffset(image: Size, view: number, zoom: number): Point {
  const scale = scaleAt(image, view, zoom);
  return { x: (view - image.width * scale) / 2, y: (view - image.height * scale) / 2 };
}

/** A new zoom that keeps the image point under the viewport's centre where it was. */
export function zoomAroundCentre(
  offset: Point,
  image: Size,
  view: number,
  from: number,
  to: number,
): Point {
  const ratio = scaleAt(image, view, to) / scaleAt(image, view, from);
  const centre = view / 2;
  return clampOffset(
    { x: centre - (centre - offset.x) * ratio, y: centre - (centre - offset.y) * ratio },
    image,
    view,
    to,
  );
}

/** The square of the original image that the viewport shows, in image pixels. */
export function sourceSquare(image: Size, view: number, zoom: number, offset: Point) {
  const scale = scaleAt(image, view, zoom);
  const size = Math.min(view / scale, image.width, image.height);
  const x = Math.min(Math.max(0, -offset.x / scale), image.width - size);
  const y = Math.min(Math.max(0, -offset.y / scale), image.height - size);
  return { x, y, size };
}
