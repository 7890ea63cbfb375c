import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { IDLE_ENDED, openDatabase } from './database.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('the PostgreSQL handle', () => {
  it('survives PostgreSQL ending its idle connections, and answers the next query', async () => {
    const name = `vibe_idle_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-idle-'));
    const handle = openDatabase({ databaseUrl: url.href, dataDir });
    try {
      const one = () => sql<{ n: number }>`SELECT 1 AS n`.execute(handle.db);
      expect((await one()).rows).toEqual([{ n: 1 }]);
      expect(handle.poolStats?.()).toMatchObject({ total: 1, idle: 1 });

      const warned = once(process, 'warning');
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      const [warning] = (await warned) as [Error];
      expect(warning.name).toBe(IDLE_ENDED);
      expect(handle.poolStats?.()).toMatchObject({ total: 0 });
      expect((await one()).rows).toEqual([{ n: 1 }]);
    } finally {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
