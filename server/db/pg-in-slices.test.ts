import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { resumeQueriesInSlices } from './pg-in-slices.ts';

const url = process.env.TEST_DATABASE_URL;

/** Holds the thread, as a request's work does. */
const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe.skipIf(!url)("PostgreSQL queries resumed in the turns' slices", () => {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  resumeQueriesInSlices(pool);
  afterAll(() => pool.end());

  it('resumes answers that arrived together a slice at a time, with timers between them', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
    const events: string[] = [];
    const ticks = setInterval(() => events.push('timer'), 1);
    try {
      const answered = clients.map(async (client) => {
        await client.query('SELECT 1 AS n', []);
        // Each resumed request holds the thread longer than a slice (2 ms).
        spin(3);
        events.push('answer');
      });
      // Every answer is in its socket before the loop next reads them: all are read in one turn.
      spin(200);
      await Promise.all(answered);
    } finally {
      clearInterval(ticks);
      for (const client of clients) client.release();
    }
    const answers = events.flatMap((event, at) => (event === 'answer' ? [at] : []));
    expect(answers).toHaveLength(4);
    // Resumed in the read that brought them, the four ran back to back.
    for (let at = 1; at < answers.length; at += 1) {
      expect(answers[at] - answers[at - 1]).toBeGreaterThan(1);
    }
  });

  it('throws a failed query where it arrives, as pg does', async () => {
    const client = await pool.connect();
    try {
      await expect(client.query('SELECT * FROM no_such_table', [])).rejects.toMatchObject({
        code: '42P01',
      });
    } finally {
      client.release();
    }
  });
});
