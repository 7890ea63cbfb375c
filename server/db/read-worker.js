// A read-only SQLite connection of its own, in a worker thread of the read pool (read-pool.ts).
// Plain JavaScript on purpose: the worker starts without the TypeScript loader, which would
// cost every thread its memory and start-up time.
import SQLite from 'better-sqlite3';
import { workerData } from 'node:worker_threads';
import { runInBackground } from './background-priority.js';
import { preparedStatements } from './prepared-statements.js';
import { scoreRow } from './row-score.js';
import { createWordPostings } from './word-postings.js';

/** Distinct statements a worker keeps prepared (search runs a handful of shapes). */
const MAX_STATEMENTS = 64;

runInBackground();

let db = null;
let postings = null;
let prepare = null;

const connection = () =>
  (db ??= new SQLite(workerData.file, { readonly: true, fileMustExist: true }));

const prepared = (text) => (prepare ??= preparedStatements(connection(), MAX_STATEMENTS))(text);

/**
 * @param {{ sql: string, params: unknown[], scoring?: import('./row-score.js').RowScoring }
 *   | { rank: Parameters<ReturnType<typeof createWordPostings>['rank']>[0] }} task
 * With `scoring`, each row (`id` plus column texts) is answered as `{ id, score }` instead, so
 * the texts never leave the worker. With `rank`, a query of whole words is ranked from the
 * postings this worker holds in memory (word-postings.js).
 */
export default function run(task) {
  if (task.rank) {
    postings ??= createWordPostings(connection(), { maxBytes: workerData.maxPostingBytes });
    return postings.rank(task.rank);
  }
  const { sql, params, scoring } = task;
  const rows = prepared(sql).all(...params);
  return scoring ? rows.map((row) => ({ id: row.id, score: scoreRow(row, scoring) })) : rows;
}
