import { turnBatchedTasks } from './batched-tasks.ts';
import { MAX_POSTING_BYTES, SEARCH_THREAD_REST_MS } from './read-pool.ts';
import { orderedWorkerPool } from './worker-pool.ts';
import type { TextQuery, TextRanking } from './read-pool.ts';
import type { Answered } from './task-batch.js';

/**
 * A read of PostgreSQL's postings or note lengths: six bytes a note (note-counts.js), in shared
 * memory, for the thread to decode.
 */
export interface NoteBytes {
  bytes: Uint8Array;
  /** The count of changes seen before the read began (word-postings.js, `isFresh`). */
  loadedAt: number;
}

/** A note changed lately as the index holds it now: its length and each word's count. */
export interface NoteWords {
  length: number;
  counts: Map<string, number>;
}

/**
 * The notes of `changes.recent` as they were once the changes numbered `seq` had been read:
 * null for a note no longer in the index (search-changes.ts).
 */
export interface ChangedNotes {
  seq: number;
  notes: [number, NoteWords | null][];
}

/**
 * A query's text to cut and rank, and what the main thread has read for it so far
 * (postings-worker.js).
 */
export interface PostingsTask {
  query: TextQuery;
  read: { lengths: NoteBytes | null; words: [string, NoteBytes][] };
  /**
   * Sent when the thread may not hold the changed notes of `query.changes` yet: it keeps them
   * until the next changes, so that a search need not cut its words first to be sent their
   * counts (docs/decisions/047).
   */
  changed: ChangedNotes | null;
}

/**
 * The query its text asks and, for whole words, their ranking; or what has to be read or sent
 * first because the thread neither holds nor was sent it.
 */
export type PostingsAnswer =
  TextRanking | { missing: { lengths: boolean; words: string[]; changed: boolean } };

/**
 * PostgreSQL's postings ranker, on a thread of its own (docs/decisions/028, "the ranker on a
 * thread of its own"), which also cuts the query's text (047).
 */
export interface PostingsThread {
  rank(task: PostingsTask): Promise<PostingsAnswer>;
  /** 0 before the first search and after a rest, else 1. */
  readonly alive: number;
  close(): Promise<void>;
}

/** Searches waiting for the thread beyond this are refused rather than queued without end. */
const MAX_QUEUE = 2000;

/**
 * One thread, started by the first search (a server nobody searches keeps its memory) and ended
 * after `restMs` without one, holding the postings as one ranker: a second thread would hold and
 * read every word again, and the thread that answers requests, not ranking, is what bounds
 * search on two cores. A new thread holds no changed notes, and asks for them (`missing.changed`).
 */
export function createPostingsThread(restMs = SEARCH_THREAD_REST_MS): PostingsThread {
  const piscina = orderedWorkerPool({
    filename: new URL('./postings-worker.js', import.meta.url),
    // As much as SQLite's read workers together may hold.
    workerData: { maxPostingBytes: MAX_POSTING_BYTES },
    minThreads: 0,
    maxThreads: 1,
    maxQueue: MAX_QUEUE,
    idleTimeout: restMs,
  });
  return {
    // The searches of a turn in one message, each resumed in a slice of its own
    // (batched-tasks.ts).
    rank: turnBatchedTasks<PostingsTask, PostingsAnswer>(
      (tasks) => piscina.run({ tasks }) as Promise<Answered<PostingsAnswer>[]>,
      () => 1,
    ),
    get alive() {
      return piscina.threads;
    },
    close: () => piscina.close(),
  };
}
