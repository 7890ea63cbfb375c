import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logLines, spawnInstance } from '../helpers/cluster.ts';
import { freePort } from '../helpers/e2e.ts';

interface LogLine {
  msg?: string;
  level?: number;
  migration?: string;
  ms?: number;
}

/**
 * The compiled server migrates its database before it builds the app (server/main.ts), so that
 * no plugin time-out can stop a long migration halfway, and tells each migration in its log.
 */
describe('the start-up migration', () => {
  let dataDir: string;
  const running: ReturnType<typeof spawnInstance>[] = [];

  beforeAll(() => {
    if (!existsSync('dist-server/main.js')) throw new Error('run `npm run build` first');
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((instance) => instance.stop()));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function start() {
    const instance = spawnInstance(await freePort(), {
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SHUTDOWN_DRAIN_MS: '0',
    });
    running.push(instance);
    return instance;
  }

  const linesOf = (instance: ReturnType<typeof spawnInstance>) => logLines<LogLine>(instance);

  const listeningAt = (lines: LogLine[]) =>
    lines.findIndex((line) => line.msg?.startsWith('Server listening at'));

  it('applies every migration before it listens, each told with its duration, and none again at the next start', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-migrate-'));
    const first = await start();
    await first.ready;
    const firstLines = linesOf(first);
    const applied = firstLines.filter((line) => line.msg === 'migration applied');
    const db = new SQLite(path.join(dataDir, 'site.db'), { readonly: true });
    const recorded = db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as {
      name: string;
    }[];
    db.close();
    expect(recorded.length).toBeGreaterThanOrEqual(17);
    expect(applied.map((line) => line.migration)).toEqual(recorded.map((row) => row.name));
    for (const line of applied) expect(line.ms).toBeGreaterThanOrEqual(0);
    const lastApplied = firstLines.lastIndexOf(applied.at(-1)!);
    expect(listeningAt(firstLines)).toBeGreaterThan(lastApplied);

    await first.stop();
    const second = await start();
    await second.ready;
    expect(linesOf(second).filter((line) => line.migration !== undefined)).toEqual([]);
  });

  it('stops with one fatal line and exit code 1 when the database cannot be migrated', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-migrate-'));
    writeFileSync(path.join(dataDir, 'site.db'), 'this is not a database'.repeat(200));
    const instance = await start();
    const refused = expect(instance.ready).rejects.toThrow('instance exited');
    expect(await instance.exited).toBe(1);
    await refused;
    const lines = linesOf(instance);
    expect(lines.filter((line) => line.level === 60).map((line) => line.msg)).toEqual([
      'the database could not be opened or migrated; nothing started',
    ]);
    expect(listeningAt(lines)).toBe(-1);
  });
});
