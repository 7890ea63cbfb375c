import DataLoader from 'dataloader';
import { setImmediate as nextTurn } from 'node:timers';

/**
 * A loader that gathers the keys asked for in one turn of the event loop and reads them in one
 * batch (decisions 051 and 053). Each query costs its round trip whatever it holds: on
 * PostgreSQL over TCP, pg's write of a query took 28 % of the busy time of the thread that
 * answers requests under 50 connections of note pages, and PostgreSQL parses, plans and runs
 * every query on the same cores. Nothing is kept between turns (no cache), so a read sees every
 * write committed before its turn's batch.
 *
 * DataLoader by default gathers what is asked before the next microtask checkpoint, which in Node
 * is one socket's callback, one request. A turn of the loop runs many, and Node's own
 * `setImmediate` (from `node:timers`, which tests' fake timers leave be) runs after all of them.
 * `load` answers each key with what `batch` returned at its position, and rejects with an Error
 * found there (DataLoader's contract).
 */
export function turnBatches<Key, Value>(
  batch: (keys: readonly Key[]) => Promise<(Value | Error)[]>,
  options: { maxBatchSize: number },
): (key: Key) => Promise<Value> {
  const loader = new DataLoader<Key, Value>(batch, {
    cache: false,
    maxBatchSize: options.maxBatchSize,
    batchScheduleFn: (run) => nextTurn(run),
  });
  return (key) => loader.load(key);
}
