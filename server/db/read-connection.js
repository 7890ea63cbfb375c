// A worker thread's read-only SQLite connection, opened at its first query, with its statements
// kept prepared: read-worker.js and page-read-worker.js. Plain JavaScript, as those workers.
import SQLite from 'better-sqlite3';
import { preparedStatements } from './prepared-statements.js';

/** Distinct statements a worker keeps prepared (searches and note pages run a few shapes). */
const MAX_STATEMENTS = 64;

/** @param {string} file */
export function readConnection(file) {
  /** @type {import('better-sqlite3').Database | null} */
  let db = null;
  /** @type {((sql: string) => import('better-sqlite3').Statement) | null} */
  let prepare = null;
  const connection = () => (db ??= new SQLite(file, { readonly: true, fileMustExist: true }));
  return {
    connection,
    /** @param {string} sql */
    prepared: (sql) => (prepare ??= preparedStatements(connection(), MAX_STATEMENTS))(sql),
  };
}
