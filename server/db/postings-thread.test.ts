import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPostingsThread } from './postings-thread.ts';
import type { ChangedNotes, NoteBytes, PostingsTask, PostingsThread } from './postings-thread.ts';
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
  changed: ChangedNotes | null = null,
): PostingsTask => ({
  query: { text: words.join(' '), offset: 0, needed: 10, cap: 1000, changes },
  read: { lengths: null, words: [], ...read },
  changed,
});

/** The query the thread cut from words that are whole words of jieba's. */
const asked = (...words: string[]) => ({
  required: [],
  optional: words.map((word) => ({ column: 'words', tokens: [word] })),
});
const ranked = (words: string[], ids: number[], total: number) => ({
  query: asked(...words),
  ranking: { ids, total },
});
const lacking = (lengths: boolean, words: string[], changed = false) => ({
  missing: { lengths, words, changed },
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
    expect(await thread.rank(task(['编程', '咖啡']))).toEqual(lacking(true, ['编程', '咖啡']));
    const both = Object.entries(POSTINGS);
    expect(await thread.rank(task(['编程', '咖啡'], { lengths: LENGTHS, words: both }))).toEqual(
      ranked(['编程', '咖啡'], [3, 1, 2], 3),
    );
    // Held now: nothing to send.
    expect(await thread.rank(task(['编程']))).toEqual(ranked(['编程'], [1, 3], 2));
    // A word never sent is still asked for, the rest is not.
    expect(await thread.rank(task(['编程', '摄影']))).toEqual(lacking(false, ['摄影']));
  });

  it('ends after a rest, and the next thread asks again for what the ended one held', async () => {
    const resting = createPostingsThread(100);
    try {
      expect(resting.alive).toBe(0);
      const both = Object.entries(POSTINGS);
      expect(await resting.rank(task(['编程'], { lengths: LENGTHS, words: both }))).toEqual(
        ranked(['编程'], [1, 3], 2),
      );
      expect(resting.alive).toBe(1);
      await vi.waitFor(() => expect(resting.alive).toBe(0), { timeout: 5_000 });
      expect(await resting.rank(task(['编程']))).toEqual(lacking(true, ['编程']));
      expect(resting.alive).toBe(1);
    } finally {
      await resting.close();
    }
  });

  it('asks again for what went stale with writes, and refuses a read older than they allow', async () => {
    const sent = { lengths: LENGTHS, words: [['编程', POSTINGS.编程]] as [string, NoteBytes][] };
    expect(await thread.rank(task(['编程'], sent))).toHaveProperty('ranking');
    const written: IndexChanges = { seq: 40, window: 64, recent: [] };
    expect(await thread.rank(task(['编程'], {}, written))).toEqual(lacking(true, ['编程']));
    // The same reads again: made before the writes, too old to use.
    expect(await thread.rank(task(['编程'], sent, written))).toEqual(lacking(true, ['编程']));
    const fresh = {
      lengths: { ...LENGTHS, loadedAt: 40 },
      words: [['编程', { ...POSTINGS.编程, loadedAt: 40 }]] as [string, NoteBytes][],
    };
    expect(await thread.rank(task(['编程'], fresh, written))).toEqual(ranked(['编程'], [1, 3], 2));
  });

  it('ranks changed notes from what it was sent of them, and keeps them until the next change', async () => {
    const sent = { lengths: LENGTHS, words: [['编程', POSTINGS.编程]] as [string, NoteBytes][] };
    const changes: IndexChanges = { seq: 1, window: 64, recent: [2, 3, 4] };
    // Note 3 no longer holds 编程; note 2 now holds it many times; note 4 was removed.
    const notes: ChangedNotes = {
      seq: 1,
      notes: [
        [2, { length: 10, counts: new Map([['编程', 5]]) }],
        [3, { length: 10, counts: new Map([['咖啡', 1]]) }],
        [4, null],
      ],
    };
    // Changes the thread was never sent the notes of: it asks for them rather than rank without.
    expect(await thread.rank(task(['编程'], sent, changes))).toEqual(lacking(false, [], true));
    expect(await thread.rank(task(['编程'], sent, changes, notes))).toEqual(
      ranked(['编程'], [2, 1], 2),
    );
    // Kept: the next search of the same changes is not sent them again.
    expect(await thread.rank(task(['编程'], {}, changes))).toEqual(ranked(['编程'], [2, 1], 2));
    // Kept too when sent with a text that is not of whole words, which ranks nothing here.
    const quoted = {
      ...task(['"编程"'], {}, { ...changes, seq: 3 }),
      changed: { ...notes, seq: 3 },
    };
    expect(await thread.rank(quoted)).toHaveProperty('ranking', null);
    expect(await thread.rank(task(['编程'], {}, { ...changes, seq: 3 }))).toEqual(
      ranked(['编程'], [2, 1], 2),
    );
    // Newer changes need the notes as they are after them.
    const later: IndexChanges = { seq: 2, window: 64, recent: [2, 3, 4, 1] };
    expect(await thread.rank(task(['编程'], {}, later))).toEqual(lacking(false, [], true));
  });

  it('answers the query of a text that is not of whole words, without ranking it', async () => {
    const answer = await thread.rank(task(['"编程"']));
    expect(answer).toEqual({
      query: { required: [{ column: 'chars', tokens: ['编', '程'] }], optional: [] },
      ranking: null,
    });
  });
});
