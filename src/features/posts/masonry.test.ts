import { describe, expect, it } from 'vitest';
import { columnsForWidth, distributeColumns } from './masonry';

describe('columnsForWidth', () => {
  it.each([
    [360, 2],
    [767, 2],
    [768, 3],
    [1199, 3],
    [1200, 4],
    [1440, 5],
  ])('%i px -> %i columns', (width, columns) => {
    expect(columnsForWidth(width)).toBe(columns);
  });
});

describe('distributeColumns', () => {
  it('puts each item into the shortest column, leftmost on ties', () => {
    const columns = distributeColumns([2, 1, 1, 1, 1], 2, (height) => height);
    expect(columns).toEqual([
      [2, 1],
      [1, 1, 1],
    ]);
  });

  it('keeps earlier items where they were when more arrive', () => {
    const heights = [1.3, 0.8, 1, 1.5, 0.7, 1.2];
    const before = distributeColumns(heights.slice(0, 4), 3, (h) => h);
    const after = distributeColumns(heights, 3, (h) => h);
    before.forEach((column, index) => expect(after[index].slice(0, column.length)).toEqual(column));
  });
});
