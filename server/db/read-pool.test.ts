import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadJieba } from '../modules/search/jieba-text.js';
import type * as JiebaText from '../modules/search/jieba-text.js';
import { indexText, parseSearch } from '../modules/search/segmenter.ts';
import { createReadPool } from './read-pool.ts';
import type { ReadPool } from './read-pool.ts';

// This thread's jieba, counted; the read worker imports the module itself, unmocked.
vi.mock('../modules/search/jieba-text.js', async (importOriginal) => {
  const original = await importOriginal<typeof JiebaText>();
  return { ...original, loadJieba: vi.fn(original.loadJieba) };
});

/** A folder of its own with `site.db` in WAL mode, as the server keeps it, holding `schema`. */
function walDatabase(prefix: string, schema: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const file = path.join(dir, 'site.db');
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.exec(schema);
  return { dir, file, db };
}

describe('the read pool', () => {
  let dir: string;
  let pool: ReadPool;

  beforeAll(() => {
    const made = walDatabase('read-pool-', 'CREATE TABLE t (x INTEGER)');
    made.db.close();
    dir = made.dir;
    pool = createReadPool(made.file, 1);
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

  // A note page reads there, and must not queue behind searches.
  it('answers a foreground read while its search thread runs a long query', async () => {
    let slowDone = false;
    const slow = pool
      .all<{ n: number }>(
        `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000)
          SELECT count(*) AS n FROM c`,
        [],
      )
      .finally(() => {
        slowDone = true;
      });
    await expect(pool.allForeground('SELECT 8 AS x', [])).resolves.toEqual([{ x: 8 }]);
    expect(slowDone).toBe(false);
    await expect(slow).resolves.toEqual([{ n: 3_000_000 }]);
  });

  // Each is a request already let in: none is refused for the length of the line.
  it('answers more foreground reads at once than the search line holds', async () => {
    const asked = Array.from({ length: 2500 }, (_, at) =>
      pool.allForeground<{ at: number }>('SELECT ? AS at', [at]),
    );
    const answered = (await Promise.all(asked)).map(([row]) => row.at);
    expect(answered).toEqual(asked.map((_, at) => at));
  });

  // Its search threads hold jieba's dictionary and postings: given back on a site not searched.
  it('ends its search threads after a rest, and starts them again for the next queries', async () => {
    const resting = createReadPool(path.join(dir, 'site.db'), 2, 100);
    const slow = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000)
      SELECT count(*) AS n FROM c`;
    try {
      expect(resting.searchThreadsAlive).toBe(0);
      await expect(resting.all('SELECT 3 AS x', [])).resolves.toEqual([{ x: 3 }]);
      expect(resting.searchThreadsAlive).toBe(1);
      // Two at once: the second starts the other thread rather than wait behind the first.
      const both = [resting.all(slow, []), resting.all(slow, [])];
      expect(resting.searchThreadsAlive).toBe(2);
      await expect(Promise.all(both)).resolves.toEqual([[{ n: 1_000_000 }], [{ n: 1_000_000 }]]);
      await vi.waitFor(() => expect(resting.searchThreadsAlive).toBe(0), { timeout: 5_000 });
      await expect(resting.all('SELECT 4 AS x', [])).resolves.toEqual([{ x: 4 }]);
    } finally {
      await resting.close();
    }
  });

  // A server stopping (SIGTERM) closes its pool after its last requests; queries they asked for
  // are answered, not cut off.
  it('answers the queries asked before it closes', async () => {
    const closing = createReadPool(path.join(dir, 'site.db'), 1);
    const asked = closing.all<{ x: number }>('SELECT 7 AS x', []);
    const page = closing.allForeground<{ x: number }>('SELECT 9 AS x', []);
    await closing.close();
    await expect(asked).resolves.toEqual([{ x: 7 }]);
    await expect(page).resolves.toEqual([{ x: 9 }]);
  });
});

describe("the read pool's searches", () => {
  let dir: string;
  let pool: ReadPool;
  const notes = ['夜景摄影的构图', '人像摄影与布光', '夜景里的城市', '咖啡和周末'];
  const page = { offset: 0, needed: 10, cap: 1000, changes: { seq: 0, window: 64, recent: [] } };
  const rank = (text: string) => pool.rankText({ text, ...page });

  beforeAll(() => {
    const { db, ...made } = walDatabase(
      'read-pool-search-',
      "CREATE VIRTUAL TABLE post_fts USING fts5(words, chars, tokenize = 'unicode61')",
    );
    dir = made.dir;
    pool = createReadPool(made.file, 1);
    const insert = db.prepare('INSERT INTO post_fts (rowid, words, chars) VALUES (?, ?, ?)');
    // Cut on this thread; its jieba is counted from the tests on.
    notes.forEach((title, at) => {
      const text = indexText({ title, tags: [], content: '' });
      insert.run(at + 1, text.words, text.chars);
    });
    db.close();
    vi.mocked(loadJieba).mockClear();
  });
  afterAll(async () => {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // One trip for the words and their ranking, with jieba on the worker's thread alone
  // (docs/decisions/044): cut on the segmenter thread, a distinct search took two.
  it('cuts a text on its thread and ranks it there when it is of whole words', async () => {
    const texts = ['夜景  摄影', '周末咖啡', '"夜景" 城市', '色', '!?'];
    const answers = await Promise.all(texts.map(rank));
    expect(loadJieba).not.toHaveBeenCalled();

    // The same query as jieba cuts on this thread.
    expect(answers.map((answer) => answer.query)).toEqual(texts.map((text) => parseSearch(text)));
    // Notes holding both words first, then those holding one.
    expect(answers[0].ranking?.ids.slice(0, 1)).toEqual([1]);
    expect(new Set(answers[0].ranking?.ids)).toEqual(new Set([1, 2, 3]));
    expect(answers[0].ranking?.total).toBe(3);
    expect(answers[1].ranking).toEqual({ ids: [4], total: 1 });
    // Quoted phrases, single characters and a text of no words are left to the SQL ranking.
    expect(answers.slice(2).map((answer) => answer.ranking)).toEqual([null, null, null]);
  });

  // The searches of a turn go to the thread in one message (batched-tasks.ts) and are answered
  // each on its own there (task-batch.js).
  it('answers the other searches of a turn when one of them fails on its thread', async () => {
    const notText = 42 as unknown as string;
    const settled = await Promise.allSettled(
      ['周末咖啡', notText, '夜景'].map((text) => pool.rankText({ text, ...page })),
    );

    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(settled[0].status === 'fulfilled' && settled[0].value.ranking).toEqual({
      ids: [4],
      total: 1,
    });
    expect(settled[1].status === 'rejected' && settled[1].reason).toBeInstanceOf(Error);
    expect(settled[2].status === 'fulfilled' && settled[2].value.ranking?.total).toBe(2);
  });
});
