import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMES_REFUSED, PLANNED_EACH_TIME, nameStatements } from './named-statements.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('named statements on PostgreSQL', () => {
  const database = `vibe_named_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  let url = '';

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const address = new URL(adminUrl!);
    address.pathname = `/${database}`;
    url = address.href;
  });

  afterAll(async () => {
    // Not WITH (FORCE): pg's pool.end() resolves before its clients' sockets have closed, and a
    // connection the drop terminates while it closes raised an uncaught error in CI. Without it,
    // PostgreSQL waits up to 5 s for them to go, and a connection left open fails here, by name.
    await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin.end();
  });

  /**
   * A connection of a named pool, asked as Kysely asks it (`query(text, values)`); every query
   * of a test meets the statements named before on it.
   */
  async function withClient(
    max: number | undefined,
    test: (client: pg.PoolClient) => Promise<void>,
  ) {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    nameStatements(pool, max);
    const client = await pool.connect();
    try {
      await test(client);
    } finally {
      client.release();
      await pool.end();
    }
  }

  const prepared = async (client: pg.PoolClient) =>
    (
      await client.query<{ statement: string }>(
        'SELECT statement FROM pg_prepared_statements ORDER BY prepare_time',
      )
    ).rows.map((row) => row.statement);

  it('prepares each text once per connection and answers as unnamed queries do', async () => {
    await withClient(undefined, async (client) => {
      const text = 'SELECT $1::int + 1 AS n';
      expect((await client.query(text, [1])).rows).toEqual([{ n: 2 }]);
      expect((await client.query(text, [41])).rows).toEqual([{ n: 42 }]);
      const statements = await prepared(client);
      expect(statements.filter((statement) => statement === text)).toHaveLength(1);
      // A text with no values, and the callback form (pg's Pool.query), still answer.
      expect((await client.query('SELECT 7 AS n')).rows).toEqual([{ n: 7 }]);
      const rows = await new Promise((resolve, reject) =>
        client.query('SELECT 8 AS n', [], (error, result) =>
          error ? reject(error) : resolve(result.rows),
        ),
      );
      expect(rows).toEqual([{ n: 8 }]);
      // A submittable (a cursor, a stream) comes back as itself, as pg gives it.
      const submitted = new pg.Query('SELECT 9 AS n');
      const ended = once(submitted, 'end');
      expect(client.query(submitted)).toBe(submitted);
      await ended;
    });
  });

  it('names no more texts than its bound; the rest run unnamed', async () => {
    await withClient(2, async (client) => {
      for (const n of [1, 2, 3, 4]) {
        expect((await client.query(`SELECT ${n} AS n WHERE $1::int = 0`, [0])).rows).toEqual([
          { n },
        ]);
      }
      // The bound's two; the query that lists them is past the bound too.
      expect(await prepared(client)).toEqual([
        'SELECT 1 AS n WHERE $1::int = 0',
        'SELECT 2 AS n WHERE $1::int = 0',
      ]);
    });
  });

  it('leaves a text marked to be planned each time unnamed', async () => {
    await withClient(undefined, async (client) => {
      const marked = `${PLANNED_EACH_TIME} SELECT $1::int AS n`;
      for (const n of [1, 2]) expect((await client.query(marked, [n])).rows).toEqual([{ n }]);
      expect((await client.query('SELECT $1::int AS n', [3])).rows).toEqual([{ n: 3 }]);
      const statements = await prepared(client);
      expect(statements).toContain('SELECT $1::int AS n');
      expect(statements.filter((statement) => statement.includes(PLANNED_EACH_TIME))).toEqual([]);
    });
  });

  it('answers when another connection changes a table under a kept plan', async () => {
    await withClient(undefined, async (client) => {
      await client.query('CREATE TABLE notes (id int)');
      await client.query('INSERT INTO notes VALUES (1)');
      const text = 'SELECT * FROM notes WHERE id = $1';
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1 }]);
      // As a migration run by another instance would.
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      await other.query("ALTER TABLE notes ADD COLUMN title text NOT NULL DEFAULT '笔记'");
      await other.end();
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, title: '笔记' }]);
    });
  });

  it('turns names off, with a warning, when the server forgets them', async () => {
    await withClient(undefined, async (client) => {
      const text = 'SELECT $1::int * 2 AS n';
      expect((await client.query(text, [2])).rows).toEqual([{ n: 4 }]);
      // What a pooler in transaction mode does: the next query meets a server connection that
      // never saw the name.
      await client.query({ text: 'DEALLOCATE ALL' });
      const warned = once(process, 'warning');
      expect((await client.query(text, [3])).rows).toEqual([{ n: 6 }]);
      const [warning] = (await warned) as [Error];
      expect(warning.name).toBe(NAMES_REFUSED);
      expect((await client.query('SELECT $1::int AS n', [5])).rows).toEqual([{ n: 5 }]);
      expect(await prepared(client)).toEqual([]);
    });
  });

  it('answers every query that was already named when the server forgets the names', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    nameStatements(pool);
    const [first, second] = [await pool.connect(), await pool.connect()];
    try {
      const text = 'SELECT $1::int + 100 AS n';
      for (const client of [first, second]) await client.query(text, [0]);
      for (const client of [first, second]) await client.query({ text: 'DEALLOCATE ALL' });
      // Both meet the refusal; the second's comes after names were already turned off.
      const answers = await Promise.all([first.query(text, [1]), second.query(text, [2])]);
      expect(answers.map((answer) => answer.rows)).toEqual([[{ n: 101 }], [{ n: 102 }]]);
    } finally {
      first.release();
      second.release();
      await pool.end();
    }
  });
});
