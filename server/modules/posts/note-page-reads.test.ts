import { setImmediate as nextTurn } from 'node:timers';
import { describe, expect, it } from 'vitest';
import { batchedNotePageReads } from './note-page-reads.ts';
import type { NoteWithAuthor, PostRow } from './post-repository.ts';

/** A store of notes 1 to 100 that records the ids of each query and answers in reverse order. */
function notesStore(fail: (ids: readonly number[]) => boolean = () => false) {
  const queries: number[][] = [];
  return {
    queries,
    async findWithAuthors(ids: readonly number[]): Promise<NoteWithAuthor[]> {
      queries.push([...ids]);
      await new Promise((resolve) => nextTurn(resolve));
      if (fail(ids)) throw new Error('database unreachable');
      return ids
        .filter((id) => id <= 100)
        .map((id) => ({
          row: { id, title: `笔记 ${id}` } as PostRow,
          author: {
            id: 1000 + id,
            username: `作者${id}`,
            avatar: null,
            premium_end_at: null,
            pinned_post_id: null,
          },
        }))
        .reverse();
    },
  };
}

describe('note pages read together', () => {
  it("reads a turn's pages in one query, each answered with its own note", async () => {
    const store = notesStore();
    const reads = batchedNotePageReads(store);
    const found = await Promise.all([3, 1, 200, 3, 2].map((id) => reads.findWithAuthor(id)));
    expect(store.queries).toEqual([[3, 1, 200, 3, 2]]);
    expect(found.map((note) => note?.row.id)).toEqual([3, 1, undefined, 3, 2]);
    expect(found[1]?.author.username).toBe('作者1');
  });

  it('reads pages asked for in later turns in queries of their own', async () => {
    const store = notesStore();
    const reads = batchedNotePageReads(store);
    const first = await reads.findWithAuthor(1);
    const second = await reads.findWithAuthor(1);
    expect(store.queries).toEqual([[1], [1]]);
    // Nothing is kept between turns: the second page is the second query's note.
    expect(second).not.toBe(first);
  });

  it('reads at most 32 notes a query', async () => {
    const store = notesStore();
    const reads = batchedNotePageReads(store);
    const ids = Array.from({ length: 70 }, (_, at) => at + 1);
    const found = await Promise.all(ids.map((id) => reads.findWithAuthor(id)));
    expect(store.queries.map((query) => query.length)).toEqual([32, 32, 6]);
    expect(found.map((note) => note?.row.id)).toEqual(ids);
  });

  it("fails the pages of a query that failed, and reads the next turn's", async () => {
    const store = notesStore((ids) => ids.includes(13));
    const reads = batchedNotePageReads(store);
    const failed = await Promise.allSettled([12, 13].map((id) => reads.findWithAuthor(id)));
    expect(failed.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect((await reads.findWithAuthor(12))?.row.id).toBe(12);
  });
});
