import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';

describe('migrateToLatest', () => {
  let handle: DatabaseHandle | null = null;
  afterEach(async () => {
    await handle?.close();
    handle = null;
  });

  /** An in-memory database whose queries are counted. */
  function countedHandle() {
    const queries = { count: 0 };
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
      log: () => {
        queries.count += 1;
      },
    });
    handle = { db, dialect: 'sqlite', close: () => db.destroy() };
    return { handle, queries };
  }

  it('tells each migration as it starts and ends, in order', async () => {
    const { handle } = countedHandle();
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    await migrateToLatest(handle, {
      info: (fields, message) => lines.push({ fields: fields as Record<string, unknown>, message }),
    });
    const applied = lines.filter((line) => line.message === 'migration applied');
    expect(applied.length).toBeGreaterThanOrEqual(17);
    expect(lines).toHaveLength(applied.length * 2);
    expect(lines[0]).toEqual({
      fields: { migration: '001-initial-schema' },
      message: 'migrating the database',
    });
    for (const line of applied) expect(line.fields.ms).toBeGreaterThanOrEqual(0);
  });

  it('reads nothing again for a handle it has migrated (the server migrates before its app does)', async () => {
    const { handle, queries } = countedHandle();
    await migrateToLatest(handle);
    expect(queries.count).toBeGreaterThan(0);
    queries.count = 0;
    await migrateToLatest(handle);
    expect(queries.count).toBe(0);
  });
});
