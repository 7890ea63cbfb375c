import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyedWriteContext, markingCommits, recordWritten } from './keyed-writes.ts';
import type { KeyedWrite } from './keyed-writes.ts';

interface Tables {
  idempotency_keys: {
    scope: string;
    key: string;
    created_at: number;
    committed_at: number | null;
    resource: string | null;
  };
  notes: { id: Generated<number>; title: string };
}

describe('commit marks of keyed writes', () => {
  let db: Kysely<Tables>;
  const CLAIMED_AT = 1_000;
  const write = (): KeyedWrite => ({
    scope: 'u:1',
    key: 'k',
    claimedAt: CLAIMED_AT,
    resource: null,
  });
  const mark = () =>
    db
      .selectFrom('idempotency_keys')
      .select(['committed_at', 'resource'])
      .executeTakeFirstOrThrow();
  const titles = async () =>
    (await db.selectFrom('notes').select('title').execute()).map((row) => row.title);

  beforeEach(async () => {
    db = new Kysely<Tables>({
      dialect: markingCommits(new SqliteDialect({ database: new SQLite(':memory:') })),
    });
    await sql`create table idempotency_keys (scope text, key text, created_at integer, committed_at integer, resource text)`.execute(
      db,
    );
    await sql`create table notes (id integer primary key, title text)`.execute(db);
    await db
      .insertInto('idempotency_keys')
      .values({
        scope: 'u:1',
        key: 'k',
        created_at: CLAIMED_AT,
        committed_at: null,
        resource: null,
      })
      .execute();
  });
  afterEach(() => db.destroy());

  it('marks the claim in the transaction that commits the write, with what it created', async () => {
    await keyedWriteContext.run({ write: write() }, () =>
      db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('notes')
          .values({ title: '一' })
          .returning('id')
          .executeTakeFirstOrThrow();
        recordWritten(id);
      }),
    );
    expect(await mark()).toEqual({ committed_at: expect.any(Number), resource: '1' });
  });

  it('leaves no mark when the transaction rolls back', async () => {
    const failing = keyedWriteContext.run({ write: write() }, () =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ title: '二' }).execute();
        throw new Error('refused');
      }),
    );
    await expect(failing).rejects.toThrow('refused');
    expect(await mark()).toEqual({ committed_at: null, resource: null });
    expect(await titles()).toEqual([]);
  });

  it('refuses to commit a write whose claim a retry took over, in or out of a transaction', async () => {
    // The retry's claim replaced this request's (server/plugins/idempotency.ts).
    await db
      .updateTable('idempotency_keys')
      .set({ created_at: CLAIMED_AT + 10_000 })
      .execute();
    const inTransaction = keyedWriteContext.run({ write: write() }, () =>
      db
        .transaction()
        .execute((trx) => trx.insertInto('notes').values({ title: '被接手' }).execute()),
    );
    await expect(inTransaction).rejects.toMatchObject({ status: 409 });
    const alone = keyedWriteContext.run({ write: write() }, () =>
      db.insertInto('notes').values({ title: '被接手' }).execute(),
    );
    await expect(alone).rejects.toMatchObject({ status: 409 });
    expect(await titles()).toEqual([]);
    expect(await mark()).toEqual({ committed_at: null, resource: null });
  });

  it('wraps a keyed write outside a transaction in one, with the mark', async () => {
    await keyedWriteContext.run({ write: write() }, () =>
      db.insertInto('notes').values({ title: '三' }).execute(),
    );
    expect((await mark()).committed_at).toEqual(expect.any(Number));
    expect(await titles()).toEqual(['三']);
  });

  it('marks nothing for reads, or for writes of a request without a key', async () => {
    await keyedWriteContext.run({ write: write() }, () =>
      db.selectFrom('notes').selectAll().execute(),
    );
    await db
      .transaction()
      .execute((trx) => trx.insertInto('notes').values({ title: '四' }).execute());
    expect(await mark()).toEqual({ committed_at: null, resource: null });
  });
});
