import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  createTestApp,
  registerUser,
  testDatabases,
} from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { makeImage, uploadImage } from '../../tests/helpers/notes-test-kit.ts';
import { backup, restore } from './backup.ts';

describe.each(testDatabases)('backup and restore under write load (%s)', (kind) => {
  let source: TestApp;
  const folders: string[] = [];
  const drops: Array<() => Promise<void>> = [];
  const folder = (name: string) => {
    const made = mkdtempSync(path.join(tmpdir(), `vibe-${name}-`));
    folders.push(made);
    return made;
  };

  beforeAll(async () => {
    source = await createTestApp(kind);
  });
  afterAll(async () => {
    await source.close();
    for (const drop of drops) await drop();
    for (const made of folders) rmSync(made, { recursive: true, force: true });
  });

  it('restores every write acknowledged before the backup started, and the uploads', async () => {
    const owner = await registerUser(source.app, 'owner');
    const image = await uploadImage(source.app, owner.auth, await makeImage('png', 60, 40));

    // Writers keep registering members while the backup runs.
    const acknowledged: string[] = [];
    let writing = true;
    const writers = Array.from({ length: 3 }, async () => {
      while (writing) acknowledged.push((await registerUser(source.app, 'load')).user.username);
    });
    while (acknowledged.length < 6) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = [...acknowledged];
    const copy = folder('backup');
    const manifest = await backup(source.config, copy);
    writing = false;
    await Promise.all(writers);
    expect(manifest.database).toBe(kind);
    expect(manifest.entries).toContain('uploads');

    const target = folder('restored');
    const targetDatabase = kind === 'postgres' ? await createPostgresDatabase() : null;
    if (targetDatabase) drops.push(targetDatabase.drop);
    const config = loadConfig(
      { SEED_DEMO: 'false', RATE_LIMIT: 'off' },
      { dataDir: target, webRoot: null, databaseUrl: targetDatabase?.url ?? null },
    );
    await restore(config, copy);

    const handle = openDatabase(config);
    try {
      if (kind === 'sqlite') {
        const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
          handle.db,
        );
        expect(rows).toEqual([{ integrity_check: 'ok' }]);
      }
      const restored = await handle.db
        .selectFrom('users')
        .select('username')
        .where('username', 'in', [owner.user.username, ...before])
        .execute();
      expect(restored.map((row) => row.username).sort()).toEqual(
        [owner.user.username, ...before].sort(),
      );
    } finally {
      await handle.close();
    }

    // The restored site serves the upload the backup named.
    const site = await buildApp({ config, logger: false });
    try {
      const served = await site.inject({ url: image.url });
      expect(served.statusCode).toBe(200);
    } finally {
      await site.close();
    }
  });
});
