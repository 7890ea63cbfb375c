import { describe, expect, it } from 'vitest';
import { distributeColumns } from './masonry';

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
