import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { Config } from '../../server/config.ts';
import type { PushOptions } from '../../server/modules/push/plugin.ts';
import { openDatabase } from '../../server/db/database.ts';

export type TestDatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDatabases: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** A PostgreSQL database of the test's own, dropped by the returned function. */
export async function createPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `vibe_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // The app's pool closes its connections asynchronously: wait for them to go so FORCE
      // never has to terminate one (a terminated client raises an unhandled 57P01 error).
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Builds the real app on a fresh database and a temporary data folder; with `logStream` its
 * log lines go there (otherwise it does not log).
 */
export async function createTestApp(
  kind: TestDatabaseKind = 'sqlite',
  overrides: Partial<Config> = {},
  { logStream, push }: { logStream?: DestinationStream; push?: PushOptions } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-test-'));
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig(
    {
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
      SEED_DEMO: 'false',
      RATE_LIMIT: 'off',
    },
    { dataDir, webRoot: null, databaseUrl: postgres?.url ?? null, ...overrides },
  );
  const database = openDatabase(config);
  const app = await buildApp({ config, database, logger: Boolean(logStream), logStream, push });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let userCounter = 0;

/** Registers a fresh user through the API and returns its token and user. */
export async function registerUser(app: FastifyInstance, prefix = 'user') {
  userCounter += 1;
  const suffix = `${Date.now().toString(36)}${userCounter}`;
  const username = `${prefix}_${suffix}`.slice(0, 20);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, email: `${username}@example.com`, password: 'secret123' },
  });
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.body}`);
  const body = response.json<{ token: string; user: { id: string; username: string } }>();
  return { ...body, password: 'secret123', auth: { authorization: `Bearer ${body.token}` } };
}

/** Turns a registered user into an admin directly in the database (no API grants that). */
export async function makeAdmin(app: FastifyInstance, userId: string) {
  await app.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', Number(userId)).execute();
}
