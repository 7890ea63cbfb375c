// Plain JavaScript: the read pool's workers (read-connection.js) load it without the TypeScript
// loader, and the main thread's connection (database.ts) shares it.
import { LRUCache } from 'lru-cache';

/**
 * better-sqlite3 parses a statement's SQL anew on every `prepare`, and Kysely prepares on every
 * query: 7 % of the request thread under the bench's note pages. This keeps the most recently
 * used statements by their SQL. A statement still being iterated (`busy`) cannot run again
 * until its iteration ends, so a second caller gets a fresh one instead.
 *
 * @param {import('better-sqlite3').Database} db
 * @param {number} max
 * @returns {(sql: string) => import('better-sqlite3').Statement}
 */
export function preparedStatements(db, max) {
  const statements = new LRUCache({ max });
  return (sql) => {
    const kept = statements.get(sql);
    if (kept && !kept.busy) return kept;
    const statement = db.prepare(sql);
    if (!kept) statements.set(sql, statement);
    return statement;
  };
}
