import type { Database, Statement } from 'better-sqlite3';

/** The connection's statements by their SQL, prepared once (prepared-statements.js). */
export function preparedStatements(db: Database, max: number): (sql: string) => Statement;
