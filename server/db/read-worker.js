// A search thread of the read pool (read-pool.ts), at the lowest priority, with a read-only
// SQLite connection of its own. Plain JavaScript on purpose: the worker starts without the
// TypeScript loader, which would cost every thread its memory and start-up time.
import { workerData } from 'node:worker_threads';
import { cutOnThisThread } from '../modules/search/search-query.js';
import { runInBackground } from './background-priority.js';
import { readConnection } from './read-connection.js';
import { scoreRow } from './row-score.js';
import { answerEach } from './task-batch.js';
import { createWordPostings } from './word-postings.js';

runInBackground();

const { connection, prepared } = readConnection(workerData.file);
let postings = null;

/**
 * A query's text cut here and, when it is made of whole words, ranked here too: one task
 * where cutting on the segmenter thread took a trip of its own (docs/decisions/044).
 * @param {import('./read-pool.ts').TextQuery} search
 */
function searchText({ text, ...page }) {
  const { query, words } = cutOnThisThread(text);
  if (!words) return { query, ranking: null };
  postings ??= createWordPostings(connection(), { maxBytes: workerData.maxPostingBytes });
  return { query, ranking: postings.rank({ words, ...page }) };
}

/**
 * @param {{ sql: string, params: unknown[], scoring?: import('./row-score.js').RowScoring }
 *   | { searches: import('./read-pool.ts').TextQuery[] }} task
 * With `scoring`, each row (`id` plus column texts) is answered as `{ id, score }` instead, so
 * the texts never leave the worker. With `searches` (those of a turn, read-pool.ts), each
 * query's text is cut, and ranked from the postings this worker holds in memory when it is of
 * whole words (word-postings.js).
 */
export default function run(task) {
  if (task.searches) return answerEach(task.searches, searchText);
  const { sql, params, scoring } = task;
  const rows = prepared(sql).all(...params);
  return scoring ? rows.map((row) => ({ id: row.id, score: scoreRow(row, scoring) })) : rows;
}
