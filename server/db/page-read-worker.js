// The read pool's foreground thread (read-pool.ts): the short reads a page waits on, at normal
// priority. Apart from read-worker.js, which lowers its thread's priority and ranks searches:
// this one only runs SQL.
import { workerData } from 'node:worker_threads';
import { readConnection } from './read-connection.js';

const { prepared } = readConnection(workerData.file);

/** @param {{ sql: string, params: unknown[] }} task */
export default function run({ sql, params }) {
  return prepared(sql).all(...params);
}
