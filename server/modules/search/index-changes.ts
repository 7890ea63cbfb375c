import type { IndexChanges } from '../../db/word-postings.js';

/**
 * The notes written to the SQLite search index lately, sent with every query to the read
 * workers, whose in-memory postings (server/db/word-postings.js) read these notes afresh and
 * reload what is older. One log for the process: the indexes a transaction builds record their
 * writes here too, and a test's write to another database only makes a worker look up a note
 * it does not have.
 */
const WINDOW = 64;
let seq = 0;
const recent: number[] = [];

export function recordIndexWrite(postId: number): void {
  seq += 1;
  recent.push(postId);
  if (recent.length > WINDOW) recent.shift();
}

export const indexChanges = (): IndexChanges => ({ seq, window: WINDOW, recent: [...recent] });
