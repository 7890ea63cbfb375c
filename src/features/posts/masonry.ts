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
