import { SEARCH_THREAD_REST_MS } from '../../db/read-pool.ts';
import { orderedWorkerPool } from '../../db/worker-pool.ts';
import { inSlice } from '../../lib/turn-slices.ts';
import type { IndexText, NoteParts } from './jieba-text.js';

/** What the segmenter thread is asked (segmenter-worker.js). */
export type SegmenterTask =
  { kind: 'ready' } | { kind: 'query'; text: string } | { kind: 'note'; parts: NoteParts };

/**
 * Cuts waiting beyond this are refused rather than queued without end: searches reach it
 * through the search gate, a few dozen at once, and notes one write at a time.
 */
const MAX_QUEUE = 2000;

/**
 * jieba on a thread of its own (docs/decisions/037). Built on the thread that answers requests,
 * its dictionary held that thread for about 185 ms at the first search or note written after a
 * start (in 16 KB slices still 25-70 ms at times, where the trie grows and copies its arrays),
 * and cutting a note of 20 000 characters held it 8-15 ms at every write.
 */
export interface SegmenterThread {
  /** Resolves once the thread holds the dictionary. */
  ready(): Promise<void>;
  /** jieba's precise words of a query (see `queryWords` in jieba-text.js). */
  queryWords(text: string): Promise<string[]>;
  /** A note's index columns (see `indexText` in jieba-text.js). */
  indexText(parts: NoteParts): Promise<IndexText>;
  /** 0 before the first cut and after a rest, else 1. */
  readonly alive: number;
  close(): Promise<void>;
}

/**
 * One thread, started by the first cut and ended after `restMs` without one: a server nobody
 * has searched or written to lately holds no dictionary (decisions 029 and 063), and a second
 * thread would hold a second one.
 */
export function createSegmenterThread(restMs = SEARCH_THREAD_REST_MS): SegmenterThread {
  const piscina = orderedWorkerPool({
    filename: new URL('./segmenter-worker.js', import.meta.url),
    workerData: null,
    minThreads: 0,
    maxThreads: 1,
    maxQueue: MAX_QUEUE,
    idleTimeout: restMs,
  });
  const run = <T>(task: SegmenterTask) => inSlice(piscina.run(task) as Promise<T>);
  return {
    ready: () => run<null>({ kind: 'ready' }).then(() => undefined),
    queryWords: (text) => run<string[]>({ kind: 'query', text }),
    indexText: (parts) => run<IndexText>({ kind: 'note', parts }),
    get alive() {
      return piscina.threads;
    },
    close: () => piscina.close(),
  };
}
