import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { createReadPool } from './read-pool.ts';
import type { ReadPool } from './read-pool.ts';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** SQLite: read-only connections in worker threads, for queries that may be long (search). */
  reader?: ReadPool;
  close(): Promise<void>;
  /** PostgreSQL's connection pool now (metrics); null on SQLite, which has one connection. */
  poolStats?(): PoolStats | null;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

// int8 (COUNT, bigint millis) arrives as a string by default; every value we store fits a double.
pg.types.setTypeParser(20, (value) => Number(value));

export function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  const file = path.join(options.dataDir, 'site.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const reader = createReadPool(file);
  return {
    db,
    dialect: 'sqlite',
    reader,
    close: async () => {
      await reader.close();
      await db.destroy();
    },
    poolStats: () => null,
  };
}
