import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Pool } from 'pg';
import { markingCommits } from './keyed-writes.ts';
import { nameStatements } from './named-statements.ts';
import { resumeQueriesInSlices } from './pg-in-slices.ts';
import { preparedStatements } from './prepared-statements.js';
import { createPostingsThread } from './postings-thread.ts';
import type { PostingsThread } from './postings-thread.ts';
import { createReadPool } from './read-pool.ts';
import type { ReadPool } from './read-pool.ts';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

/**
 * Statements the SQLite connection keeps prepared. The site runs a few hundred shapes of query
 * (an `in` list of each length is a shape of its own); a statement costs a few KiB.
 */
const MAX_MAIN_STATEMENTS = 500;

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** SQLite: read-only connections in worker threads, for queries that may be long (search). */
  reader?: ReadPool;
  /** PostgreSQL: the search ranker's thread, started by the first search. */
  postings?: PostingsThread;
  close(): Promise<void>;
  /** PostgreSQL's connection pool now (metrics); null on SQLite, which has one connection. */
  poolStats?(): PoolStats | null;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The PostgreSQL driver is imported when the first query needs a connection (Kysely accepts a
 * pool factory), so a site on SQLite never loads it (its memory counts against every process).
 */
async function createPgPool(connectionString: string): Promise<Pool> {
  const { default: pg } = await import('pg');
  // int8 (COUNT, bigint millis) arrives as a string by default; every value we store fits a double.
  pg.types.setTypeParser(20, (value) => Number(value));
  const pool = new pg.Pool({ connectionString, max: 10 });
  nameStatements(pool);
  resumeQueriesInSlices(pool);
  // An idle connection that PostgreSQL ends (a restart, an administrator) is an 'error' of the
  // pool, which already dropped it; the next query opens another. Unheard, it would end the
  // process.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL ended an idle connection (${error.message})`, IDLE_ENDED);
  });
  return pool;
}

/** The warning's type, for an operator's filters and for the test. */
export const IDLE_ENDED = 'PostgresIdleConnectionEnded';

export function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
}): DatabaseHandle {
  const { databaseUrl } = options;
  if (databaseUrl) {
    let pool: Pool | null = null;
    const dialect = markingCommits(
      new PostgresDialect({ pool: async () => (pool = await createPgPool(databaseUrl)) }),
    );
    const db = new Kysely<Database>({ dialect });
    const postings = createPostingsThread();
    return {
      db,
      dialect: 'postgres',
      postings,
      close: async () => {
        await postings.close();
        await db.destroy();
      },
      poolStats: () =>
        pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
    };
  }
  const file = path.join(options.dataDir, 'site.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const database = {
    prepare: preparedStatements(sqlite, MAX_MAIN_STATEMENTS),
    close: () => sqlite.close(),
  };
  const db = new Kysely<Database>({
    dialect: markingCommits(new SqliteDialect({ database })),
  });
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
