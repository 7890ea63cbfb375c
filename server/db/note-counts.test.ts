import { describe, expect, it } from 'vitest';
import { inNoteOrder, readNoteCounts } from './note-counts.js';

/** Notes and counts as PostgreSQL sends them (int4send, int2send: six bytes each, big-endian). */
function recordsOf(pairs: [number, number][]): Uint8Array {
  const bytes = new Uint8Array(pairs.length * 6);
  const view = new DataView(bytes.buffer);
  pairs.forEach(([note, count], at) => {
    view.setInt32(at * 6, note);
    view.setUint16(at * 6 + 4, count);
  });
  return bytes;
}

const pairsOf = (read: ReturnType<typeof readNoteCounts>) =>
  [...read.notes].map((note, at) => [note, read.counts[at]]);

describe('readNoteCounts and inNoteOrder', () => {
  it('reads notes and counts in the order they came, and keeps an ascending order as it is', () => {
    const pairs: [number, number][] = [
      [3, 1],
      [70_000, 2],
      [2 ** 31 - 1, 32_767],
    ];
    const read = readNoteCounts(recordsOf(pairs), 7);
    expect(pairsOf(read)).toEqual(pairs);
    expect(read.ascending).toBe(true);
    expect(inNoteOrder(read)).toBe(read);
    expect(pairsOf(read)).toEqual(pairs);
    expect(read.loadedAt).toBe(7);
  });

  it('sorts by note what PostgreSQL sent out of order, each count kept with its note', () => {
    const pairs: [number, number][] = [
      [90_001, 4],
      [12, 32_767],
      [2 ** 31 - 1, 1],
      [5, 2],
      [70_000, 3],
    ];
    const read = readNoteCounts(recordsOf(pairs), 0);
    expect(pairsOf(read)).toEqual(pairs);
    expect(read.ascending).toBe(false);
    expect(pairsOf(inNoteOrder(read))).toEqual([...pairs].sort((a, b) => a[0] - b[0]));
    expect(read.ascending).toBe(true);
  });
});
