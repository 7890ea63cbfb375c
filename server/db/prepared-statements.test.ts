import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './database.ts';
import type { DatabaseHandle } from './database.ts';
import { preparedStatements } from './prepared-statements.js';

describe('statements prepared once', () => {
  let db: SQLite.Database;

  beforeEach(() => {
    db = new SQLite(':memory:');
    db.exec('create table notes (id integer primary key, title text)');
    db.exec("insert into notes (title) values ('一'), ('二'), ('三')");
  });
  afterEach(() => db.close());

  it('hands out the same statement for the same SQL, and prepares it once', () => {
    const prepare = vi.spyOn(db, 'prepare');
    const prepared = preparedStatements(db, 10);
    const first = prepared('select title from notes where id = ?');
    expect(prepared('select title from notes where id = ?')).toBe(first);
    expect(first.get(2)).toEqual({ title: '二' });
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const prepare = vi.spyOn(db, 'prepare');
    const prepared = preparedStatements(db, 2);
    const [a, b, c] = ['select 1', 'select 2', 'select 3'];
    prepared(a);
    prepared(b);
    prepared(a);
    prepared(c);
    expect(prepare).toHaveBeenCalledTimes(3);
    prepared(a);
    expect(prepare).toHaveBeenCalledTimes(3);
    prepared(b);
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it('gives a second caller its own statement while the kept one is iterating', () => {
    const prepared = preparedStatements(db, 10);
    const text = 'select title from notes order by id';
    const iterating = prepared(text).iterate();
    expect(iterating.next().value).toEqual({ title: '一' });
    const meanwhile = prepared(text);
    expect(meanwhile.busy).toBe(false);
    expect(meanwhile.all()).toHaveLength(3);
    expect([...iterating]).toEqual([{ title: '二' }, { title: '三' }]);
    expect(prepared(text)).not.toBe(meanwhile);
  });

  it('answers with the new columns after the table changes under a kept statement', () => {
    const prepared = preparedStatements(db, 10);
    expect(prepared('select * from notes where id = 1').get()).toEqual({ id: 1, title: '一' });
    db.exec("alter table notes add column tag text default '标签'");
    expect(prepared('select * from notes where id = 1').get()).toEqual({
      id: 1,
      title: '一',
      tag: '标签',
    });
  });
});

describe('the SQLite connection of the app', () => {
  let dir: string;
  let handle: DatabaseHandle;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vibe-statements-'));
    handle = openDatabase({ databaseUrl: null, dataDir: dir });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prepares a query once however often Kysely runs it, in and out of transactions', async () => {
    const prepare = vi.spyOn(SQLite.prototype, 'prepare');
    await sql`create table notes (id integer primary key, title text)`.execute(handle.db);
    const count = () => sql<{ n: number }>`select count(*) as n from notes`.execute(handle.db);
    for (const title of ['一', '二', '三']) {
      await handle.db.transaction().execute(async (trx) => {
        await sql`insert into notes (title) values (${title})`.execute(trx);
      });
      await count();
    }
    expect((await count()).rows).toEqual([{ n: 3 }]);
    const texts = prepare.mock.calls.map(([text]) => text);
    expect(texts.filter((text) => text === 'select count(*) as n from notes')).toHaveLength(1);
    expect(texts.filter((text) => text.startsWith('insert into notes'))).toHaveLength(1);
    expect(texts.filter((text) => text === 'begin')).toHaveLength(1);
  });
});
