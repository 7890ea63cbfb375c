import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadPool } from './read-pool.ts';
import type { ReadPool } from './read-pool.ts';

describe('the read pool', () => {
  let dir: string;
  let pool: ReadPool;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'read-pool-'));
    const file = path.join(dir, 'site.db');
    const db = new SQLite(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (x INTEGER)');
    db.close();
    pool = createReadPool(file, 1);
  });
  afterAll(async () => {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // piscina's default puts a task its busy thread could not take back at the end of the queue,
  // so under a steady line the oldest waiting query kept going to the back (worker-pool.ts).
  it('answers queries in the order they were asked, however many wait for its one thread', async () => {
    const answered: number[] = [];
    const asked = Array.from({ length: 40 }, (_, at) => at);
    await Promise.all(
      asked.map((at) =>
        pool.all<{ at: number }>('SELECT ? AS at', [at]).then(([row]) => answered.push(row.at)),
      ),
    );
    expect(answered).toEqual(asked);
  });

  // A thread sent one task at a time waits for this thread to hand it the next (worker-pool.ts).
  it('runs the queries sent to its thread while the thread that asked them is busy', async () => {
    await pool.all('SELECT 1', []);
    const asked = Array.from({ length: 4 }, () =>
      pool.all<{ ranAt: number }>("SELECT unixepoch('subsec') * 1000 AS ranAt", []),
    );
    // Busy here, as this thread is while it writes answers: nothing it would hand over moves.
    const busyUntil = Date.now() + 300;
    while (Date.now() < busyUntil);
    const ranAt = (await Promise.all(asked)).map(([row]) => row.ranAt);
    expect(ranAt.every((at) => at <= busyUntil)).toBe(true);
  });

  // A server stopping (SIGTERM) closes its pool after its last requests; queries they asked for
  // are answered, not cut off.
  it('answers the queries asked before it closes', async () => {
    const closing = createReadPool(path.join(dir, 'site.db'), 1);
    const asked = closing.all<{ x: number }>('SELECT 7 AS x', []);
    await closing.close();
    await expect(asked).resolves.toEqual([{ x: 7 }]);
  });
});
