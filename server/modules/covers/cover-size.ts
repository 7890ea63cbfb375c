/** Width:height of a cover, the shapes phones upload. */
export type CoverAspect = '3:4' | '1:1' | '4:3' | '9:16' | '16:9';

/** Ours: the long side of a generated cover, like a phone photo after the app's resize. */
const LONG_SIDE = 1080;

export function coverSize(aspect: CoverAspect): { width: number; height: number } {
  const [w, h] = aspect.split(':').map(Number);
  return w >= h
    ? { width: LONG_SIDE, height: Math.round((LONG_SIDE * h) / w) }
    : { width: Math.round((LONG_SIDE * w) / h), height: LONG_SIDE };
}
