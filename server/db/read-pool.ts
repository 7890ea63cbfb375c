import { availableParallelism } from 'node:os';
import { inSlice } from '../lib/turn-slices.ts';
import { turnBatchedTasks } from './batched-tasks.ts';
import type { RowScoring } from './row-score.js';
import { orderedWorkerPool } from './worker-pool.ts';
import type { SearchQuery } from '../modules/search/search-query.js';
import type { Answered } from './task-batch.js';
import type { WordQuery, WordRanking } from './word-postings.js';

/** A query's text and the page of its ranking asked for (read-worker.js, `searchText`). */
export type TextQuery = Omit<WordQuery, 'words'> & { text: string };

/** The query the text asks, and its ranking when it is of whole words alone. */
export interface TextRanking {
  query: SearchQuery;
  ranking: WordRanking | null;
}

/**
 * Runs read-only SQL off the thread that answers requests. better-sqlite3 is synchronous, so
 * a long query on the main connection stalls every request; SQLite's WAL lets any number of
 * read connections run beside the one that writes.
 */
export interface ReadPool {
  all<T>(sql: string, params: readonly unknown[]): Promise<T[]>;
  /**
   * The same, on a thread of its own at normal priority, for the short reads a page waits on (a
   * note by its id): a row not in the page cache is then waited for off the thread that answers
   * requests, where a disk that took milliseconds a read held every request as long, and the
   * read does not queue behind searches on the threads that yield to everything else.
   */
  allForeground<T>(sql: string, params: readonly unknown[]): Promise<T[]>;
  /** Rows of `id` and column texts, answered as their ids and BM25 scores (row-score.js). */
  scored(
    sql: string,
    params: readonly unknown[],
    scoring: RowScoring,
  ): Promise<{ id: number; score: number }[]>;
  /**
   * A query's text cut by the worker, and ranked there from the postings it holds in memory
   * (word-postings.js) when it is of whole words alone.
   */
  rankText(query: TextQuery): Promise<TextRanking>;
  /** Worker threads (1 for the main-thread fallback). */
  readonly threads: number;
  /** Search threads alive: 0 before the first search and after a rest. */
  readonly searchThreadsAlive: number;
  close(): Promise<void>;
}

/** Queries waiting for a thread beyond this are refused rather than queued without end. */
const MAX_QUEUE = 2000;
/**
 * Memory the word postings of all workers together may take (about 12 bytes a note per word,
 * plus a bitset of every note): some 150 of the bench's topic words at 100 000 notes, shared out
 * between the threads so that more cores do not mean more memory. Past its share a worker drops
 * the least recently asked words and reads them again when asked.
 */
export const MAX_POSTING_BYTES = 32 * 2 ** 20;

/**
 * How long a search thread (SQLite's read thread, PostgreSQL's ranking thread, the segmenter's)
 * may stand idle before it ends. It holds jieba's dictionary, the postings it has read and a
 * heap of its own: after a few thousand distinct searches at 100,000 notes a server held some
 * 440 MiB for good (decision 063). Started again, it costs the next search the dictionary's load
 * and its words' reads; five minutes, as the render thread's (decision 060), spare that to a site
 * searched every minute or two and give the memory back on one that is not.
 */
export const SEARCH_THREAD_REST_MS = 5 * 60_000;

/**
 * Worker threads (worker-pool.ts), each with its own read-only connection to `file`: `threads`
 * for searches, and the foreground one.
 */
export function createReadPool(
  file: string,
  threads = defaultThreads(),
  restMs = SEARCH_THREAD_REST_MS,
): ReadPool {
  const background = orderedWorkerPool({
    filename: new URL('./read-worker.js', import.meta.url),
    workerData: { file, maxPostingBytes: Math.floor(MAX_POSTING_BYTES / threads) },
    // Each thread starts when a task finds the others busy, and ends after a rest.
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: restMs,
    maxQueue: MAX_QUEUE,
  });
  // One thread (some 12 MiB at rest): a note's row by its key takes well under a millisecond
  // once cached, and the note page ran 30 % faster for it at 50 connections (decision 050). Its
  // line has no end: each read in it is a request already let in, which the main connection
  // answered in turn before, where a refusal would now be an error.
  const foreground = orderedWorkerPool({
    filename: new URL('./page-read-worker.js', import.meta.url),
    workerData: { file },
    minThreads: 1,
    maxThreads: 1,
    maxQueue: Number.POSITIVE_INFINITY,
  });
  // What a worker's answer resumes runs within a slice of a turn (server/lib/turn-slices.ts).
  const run = <T>(task: object, on = background) => inSlice(on.run(task) as Promise<T>);
  // Each search of a batch resumes in a slice of its own (batched-tasks.ts).
  const rankText = turnBatchedTasks<TextQuery, TextRanking>(
    (searches) => background.run({ searches }) as Promise<Answered<TextRanking>[]>,
    () => threads,
  );
  return {
    threads,
    get searchThreadsAlive() {
      return background.threads;
    },
    all: <T>(sql: string, params: readonly unknown[]) => run<T[]>({ sql, params }),
    allForeground: <T>(sql: string, params: readonly unknown[]) =>
      run<T[]>({ sql, params }, foreground),
    scored: (sql, params, scoring) => run({ sql, params, scoring }),
    rankText,
    close: async () => {
      await Promise.all([background.close(), foreground.close()]);
    },
  };
}

/**
 * One thread per core but one, up to 4: the core left over stays with the thread that answers
 * requests, so a burst of searches cannot starve the feed (more threads than cores would only
 * queue on the CPU).
 */
function defaultThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}
