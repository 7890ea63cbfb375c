import type { Pool, PoolClient } from 'pg';
import { inSlice } from '../lib/turn-slices.ts';

type Query = (...args: unknown[]) => unknown;

/**
 * Resumes what waits on each query of the pool's connections within a slice of a turn of the
 * event loop (server/lib/turn-slices.ts), as the SQLite read pool and the ranking thread do.
 * pg resolves a query from its socket's read: every connection whose answer came in one turn
 * resumed its request there and then, each request running to its next query or to its
 * answer, and the loop was held by as many as had answered (decision 057).
 *
 * A query's failure is not held back: it is thrown where it arrives.
 */
export function resumeQueriesInSlices(pool: Pool): void {
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as Query;
    // Not async: a cursor or a callback's query comes back as itself, not in a promise.
    const sliced: Query = (...args) => {
      const result = query(...args);
      return result instanceof Promise ? inSlice(result) : result;
    };
    (client as unknown as { query: Query }).query = sliced;
  });
}
