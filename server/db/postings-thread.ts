import { inSlice } from '../lib/turn-slices.ts';
import { MAX_POSTING_BYTES } from './read-pool.ts';
import { orderedWorkerPool } from './worker-pool.ts';
import type { ChangedNote, WordQuery, WordRanking } from './word-postings.js';

/**
 * A read of PostgreSQL's postings or note lengths: six bytes a note (note-counts.js), in shared
 * memory, for the thread to decode.
 */
export interface NoteBytes {
  bytes: Uint8Array;
  /** The count of changes seen before the read began (word-postings.js, `isFresh`). */
  loadedAt: number;
}

/** A query to rank and what the main thread has read for it so far (postings-worker.js). */
export interface PostingsTask {
  query: WordQuery;
  read: { lengths: NoteBytes | null; words: [string, NoteBytes][] };
  /** The notes of `query.changes.recent` still in the index, with the query's words' counts. */
  changed: ChangedNote[];
}

/** The ranking, or what has to be read first because the thread neither holds nor was sent it. */
export type PostingsAnswer =
  { ranking: WordRanking } | { missing: { lengths: boolean; words: string[] } };

/** PostgreSQL's postings ranker, on a thread of its own (docs/decisions/028, "the ranker on a thread of its own"). */
export interface PostingsThread {
  rank(task: PostingsTask): Promise<PostingsAnswer>;
  close(): Promise<void>;
}

/** Searches waiting for the thread beyond this are refused rather than queued without end. */
const MAX_QUEUE = 2000;

/**
 * One thread, started by the first search (a server nobody searches keeps its memory), holding
 * the postings as one ranker: a second thread would hold and read every word again, and the
 * thread that answers requests, not ranking, is what bounds search on two cores.
 */
export function createPostingsThread(): PostingsThread {
  const piscina = orderedWorkerPool({
    filename: new URL('./postings-worker.js', import.meta.url),
    // As much as SQLite's read workers together may hold.
    workerData: { maxPostingBytes: MAX_POSTING_BYTES },
    minThreads: 0,
    maxThreads: 1,
    maxQueue: MAX_QUEUE,
  });
  return {
    rank: (task) => inSlice(piscina.run(task) as Promise<PostingsAnswer>),
    close: () => piscina.close(),
  };
}
