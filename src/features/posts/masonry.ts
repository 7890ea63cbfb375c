import { WIDE_FEED_MIN_WIDTH } from '../../../contract/page-hints';

/** Viewport widths where the waterfall gains a column (DESIGN.md: 2 on phones, 3 at 768, 4–5 from 1200). */
export const COLUMN_BREAKPOINTS = [
  { minWidth: 1400, columns: 5 },
  { minWidth: 1200, columns: 4 },
  { minWidth: WIDE_FEED_MIN_WIDTH, columns: 3 },
  { minWidth: 0, columns: 2 },
] as const;

/**
 * Places items left to right into the shortest column, by their height relative to the column
 * width. Earlier items never move when more are appended, so infinite scroll does not reshuffle
 * what the reader has already seen.
 */
export function distributeColumns<T>(
  items: readonly T[],
  columnCount: number,
  relativeHeight: (item: T) => number,
): T[][] {
  const count = Math.max(1, columnCount);
  const columns: T[][] = Array.from({ length: count }, () => []);
  const heights = new Array<number>(count).fill(0);
  for (const item of items) {
    let shortest = 0;
    for (let index = 1; index < count; index++) {
      if (heights[index] < heights[shortest] - 1e-9) shortest = index;
    }
    columns[shortest].push(item);
    heights[shortest] += relativeHeight(item);
  }
  return columns;
}
