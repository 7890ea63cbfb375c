import { Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import type { DatabaseConnection, Driver } from 'kysely';
import type { Database } from './schema.ts';

const readOnly = () =>
  Promise.reject(new Error('the read pool does not write or open transactions'));

/** A query's rows as one lane of the read pool answers them (`ReadPool.all`, `allForeground`). */
type PoolRead = <T>(sql: string, params: readonly unknown[]) => Promise<T[]>;

/**
 * A Kysely handle whose queries run on the read pool's threads: repositories built on it read
 * off the thread that answers requests (a page of cards costs this thread 0.5–1 ms when
 * better-sqlite3 prepares and runs it here). Reads only, no transactions. `read` picks the
 * threads: those of searches, or the foreground one whose reads a page waits on (read-pool.ts).
 */
export function readPoolKysely(read: PoolRead): Kysely<Database> {
  const connection: DatabaseConnection = {
    executeQuery: async (query) => ({ rows: await read(query.sql, query.parameters) }),
    // eslint-disable-next-line require-yield -- an async generator that only refuses
    async *streamQuery() {
      throw new Error('the read pool does not stream');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: readOnly,
    commitTransaction: readOnly,
    rollbackTransaction: readOnly,
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
}
