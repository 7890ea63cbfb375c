import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLines, spawnInstance } from '../helpers/cluster.ts';
import { freePort } from '../helpers/e2e.ts';

interface LogLine {
  msg?: string;
  pid?: number;
}

/** What /proc says a process holds in memory now (Linux), in MiB. */
function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return kib / 1024;
}

/**
 * A fresh clone's first `npm start` seeds the demo content (server/seed/seed-process.ts): in a
 * process of its own, since the server that drew the demo pictures itself stayed at 358-374 MiB
 * at rest, against 127-130 MiB for one that had them drawn elsewhere.
 */
describe('the first start with demo content', () => {
  let dataDir: string;
  let instance: ReturnType<typeof spawnInstance>;

  beforeAll(async () => {
    if (!existsSync('dist-server/main.js')) throw new Error('run `npm run build` first');
    dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-first-start-'));
    instance = spawnInstance(await freePort(), {
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SHUTDOWN_DRAIN_MS: '0',
    });
    await instance.ready;
  });

  afterAll(async () => {
    await instance?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds in a process that has ended before the server listens, and the server stays small', async () => {
    const lines = logLines<LogLine>(instance);
    const seeded = lines.find((line) => line.msg?.startsWith('demo content seeded'));
    const listening = lines.find((line) => line.msg?.startsWith('Server listening at'));
    expect(seeded?.pid).toBeGreaterThan(0);
    expect(listening?.pid).toBeGreaterThan(0);
    expect(seeded?.pid).not.toBe(listening?.pid);
    expect(lines.indexOf(seeded!)).toBeLessThan(lines.indexOf(listening!));
    expect(existsSync(`/proc/${seeded!.pid}`)).toBe(false);

    const feed = await fetch(`http://${instance.address}/api/posts?limit=100`);
    expect(((await feed.json()) as { total: number }).total).toBeGreaterThanOrEqual(10);
    // Seeded in this process, it held some 400 MiB by now; seeded elsewhere, some 175 MiB.
    expect(residentMiB(listening!.pid!)).toBeLessThan(250);
  });
});
