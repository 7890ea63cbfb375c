import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS } from './background-priority.js';
import { createPostingsThread } from './postings-thread.ts';
import { createReadPool } from './read-pool.ts';

/** A thread's niceness: field 19 of its /proc stat line (the fields after the name's `) `). */
const nicenessOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[16]);

/** How many threads of this process run at `niceness`. */
const threadsAt = (niceness: number) =>
  readdirSync('/proc/self/task').filter(
    (thread) => nicenessOf(readFileSync(`/proc/self/task/${thread}/stat`, 'utf8')) === niceness,
  ).length;

// The threads that rank and read for searches give the cores to the thread answering requests.
describe.runIf(process.platform === 'linux')('the search threads’ priority', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'background-priority-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Its foreground thread reads what pages wait on, and is not lowered.
  it('runs the read pool’s search threads in the background, and not the thread that asks', async () => {
    const file = path.join(dir, 'site.db');
    const db = new SQLite(file);
    db.pragma('journal_mode = WAL');
    db.close();
    const before = threadsAt(BACKGROUND_NICENESS);
    const pool = createReadPool(file, 2);
    try {
      await Promise.all([
        pool.all('SELECT 1', []),
        pool.all('SELECT 2', []),
        pool.allForeground('SELECT 3', []),
      ]);
      expect(threadsAt(BACKGROUND_NICENESS)).toBe(before + 2);
      expect(nicenessOf(readFileSync('/proc/thread-self/stat', 'utf8'))).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('runs PostgreSQL’s ranking thread in the background', async () => {
    const before = threadsAt(BACKGROUND_NICENESS);
    const thread = createPostingsThread();
    try {
      const changes = { seq: 0, window: 64, recent: [] };
      const answer = await thread.rank({
        query: { text: '编程', offset: 0, needed: 10, cap: 1000, changes },
        read: { lengths: null, words: [] },
        changed: null,
      });
      expect(answer).toHaveProperty('missing');
      expect(threadsAt(BACKGROUND_NICENESS)).toBe(before + 1);
    } finally {
      await thread.close();
    }
  });
});
