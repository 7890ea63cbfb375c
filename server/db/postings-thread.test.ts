import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPostingsThread } from './postings-thread.ts';
import type { NoteBytes, PostingsTask, PostingsThread } from './postings-thread.ts';
import type { IndexChanges } from './word-postings.js';

/** Notes and counts as PostgreSQL sends them: six bytes each, big-endian (note-counts.js). */
const counts = (pairs: [number, number][], loadedAt = 0): NoteBytes => {
  const bytes = new Uint8Array(pairs.length * 6);
  const view = new DataView(bytes.buffer);
  pairs.forEach(([note, count], at) => {
    view.setInt32(at * 6, note);
    view.setUint16(at * 6 + 4, count);
  });
  return { bytes, loadedAt };
};

/** Three notes of ten tokens: 1 and 3 hold 编程, 2 and 3 hold 咖啡. */
const LENGTHS = counts([
  [1, 10],
  [2, 10],
  [3, 10],
]);
const POSTINGS: Record<string, NoteBytes> = {
  编程: counts([
    [1, 2],
    [3, 1],
  ]),
  咖啡: counts([
    [2, 1],
    [3, 1],
  ]),
};

const quiet: IndexChanges = { seq: 0, window: 64, recent: [] };

const task = (
  words: string[],
  read: Partial<PostingsTask['read']> = {},
  changes = quiet,
): PostingsTask => ({
  query: { words, offset: 0, needed: 10, cap: 1000, changes },
  read: { lengths: null, words: [], ...read },
  changed: [],
});

/**
 * The protocol between PostgreSQL's postings (postgres-postings.ts, which reads) and the thread
 * that ranks (postings-worker.js), through a real worker thread.
 */
describe('the postings thread', () => {
  let thread: PostingsThread;
  beforeEach(() => {
    thread = createPostingsThread();
  });
  afterEach(() => thread.close());

  it('asks for what it lacks, ranks once sent it, and keeps it for the next query', async () => {
    expect(await thread.rank(task(['编程', '咖啡']))).toEqual({
      missing: { lengths: true, words: ['编程', '咖啡'] },
    });
    const both = Object.entries(POSTINGS);
    expect(await thread.rank(task(['编程', '咖啡'], { lengths: LENGTHS, words: both }))).toEqual({
      ranking: { ids: [3, 1, 2], total: 3 },
    });
    // Held now: nothing to send.
    expect(await thread.rank(task(['编程']))).toEqual({ ranking: { ids: [1, 3], total: 2 } });
    // A word never sent is still asked for, the rest is not.
    expect(await thread.rank(task(['编程', '摄影']))).toEqual({
      missing: { lengths: false, words: ['摄影'] },
    });
  });

  it('asks again for what went stale with writes, and refuses a read older than they allow', async () => {
    const sent = { lengths: LENGTHS, words: [['编程', POSTINGS.编程]] as [string, NoteBytes][] };
    expect(await thread.rank(task(['编程'], sent))).toHaveProperty('ranking');
    const written: IndexChanges = { seq: 40, window: 64, recent: [] };
    expect(await thread.rank(task(['编程'], {}, written))).toEqual({
      missing: { lengths: true, words: ['编程'] },
    });
    // The same reads again: made before the writes, too old to use.
    expect(await thread.rank(task(['编程'], sent, written))).toEqual({
      missing: { lengths: true, words: ['编程'] },
    });
    const fresh = {
      lengths: { ...LENGTHS, loadedAt: 40 },
      words: [['编程', { ...POSTINGS.编程, loadedAt: 40 }]] as [string, NoteBytes][],
    };
    expect(await thread.rank(task(['编程'], fresh, written))).toEqual({
      ranking: { ids: [1, 3], total: 2 },
    });
  });

  it('ranks a changed note from what it was sent of it, not from the lists', async () => {
    const sent = { lengths: LENGTHS, words: [['编程', POSTINGS.编程]] as [string, NoteBytes][] };
    const changes: IndexChanges = { seq: 1, window: 64, recent: [2, 3] };
    // Note 3 no longer holds 编程; note 2 now holds it many times.
    const answer = await thread.rank({
      ...task(['编程'], sent, changes),
      changed: [
        { note: 2, length: 10, counts: [5] },
        { note: 3, length: 10, counts: [0] },
      ],
    });
    expect(answer).toEqual({ ranking: { ids: [2, 1], total: 2 } });
  });
});
