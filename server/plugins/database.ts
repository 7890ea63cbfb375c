import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import type { DatabaseHandle, DialectName, PoolStats } from '../db/database.ts';
import type { PostingsThread } from '../db/postings-thread.ts';
import type { ReadPool } from '../db/read-pool.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { readPoolKysely } from '../db/read-pool-kysely.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: DialectName;
    /** Worker-thread read connections (SQLite only; null when the handle has none). */
    readPool: ReadPool | null;
    /**
     * Where the reads a page waits on go: SQLite's read pool's foreground thread, off the thread
     * that answers requests (decisions 050-053), or `db` where there is no read pool.
     */
    foregroundReads: Kysely<Database>;
    /** PostgreSQL's search ranker on a thread of its own (null on SQLite). */
    postingsThread: PostingsThread | null;
    databasePoolStats: () => PoolStats | null;
  }
}

async function database(
  app: FastifyInstance,
  options: { config: Config; handle?: DatabaseHandle },
) {
  const handle = options.handle ?? openDatabase(options.config);
  // Returns at once for the server, which migrated this handle before building the app
  // (server/main.ts); tests and scripts that build one on a fresh database migrate here.
  await migrateToLatest(handle);
  app.decorate('config', options.config);
  app.decorate('db', handle.db);
  app.decorate('dialect', handle.dialect);
  app.decorate('readPool', handle.reader ?? null);
  app.decorate(
    'foregroundReads',
    handle.reader ? readPoolKysely(handle.reader.allForeground) : handle.db,
  );
  app.decorate('postingsThread', handle.postings ?? null);
  app.decorate('databasePoolStats', () => handle.poolStats?.() ?? null);
  // Closed after every in-flight request has finished (Fastify runs onClose hooks last).
  app.addHook('onClose', () => handle.close());
}

export default fp(database, { name: 'database' });
