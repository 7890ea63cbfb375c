import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, testDatabases } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { idsQuery } from './ids-query.ts';
import type { Database } from './schema.ts';

const usersByIds = (db: Kysely<Database>, ids: readonly number[]) =>
  db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).orderBy('id');

describe.each(testDatabases)('a query compiled once per number of ids (%s)', (kind) => {
  let test: TestApp;
  let ids: number[];

  beforeAll(async () => {
    test = await createTestApp(kind);
    const users = await Promise.all([1, 2, 3].map(() => registerUser(test.app, 'ids')));
    ids = users.map((user) => Number(user.user.id)).sort((a, b) => a - b);
  });
  afterAll(() => test.close());

  it('answers other ids of a length already compiled as the query built anew would', async () => {
    let builds = 0;
    const read = idsQuery(test.app.db, (db, wanted) => {
      builds += 1;
      return usersByIds(db, wanted);
    });
    const [a, b, c] = ids;
    for (const wanted of [[a, b], [b, c], [c], [a], [a, b, c], [c, a]]) {
      expect(await read(wanted)).toEqual(await usersByIds(test.app.db, wanted).execute());
    }
    // Lengths 2, 1 and 3: each compiled once, then the kept text run with the new ids.
    expect(builds).toBe(3);
  });

  it('takes leading values before the ids, each call its own', async () => {
    const usersBut = (db: Kysely<Database>, wanted: readonly number[], except: number) =>
      db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('id', '!=', except)
        .where('id', 'in', wanted)
        .orderBy('id');
    const read = idsQuery(test.app.db, usersBut);
    const [a, b, c] = ids;
    for (const [wanted, except] of [
      [[a, b, c], b],
      [[a, b, c], a],
      [[b, c], c],
    ] as const) {
      expect(await read(wanted, except)).toEqual(
        await usersBut(test.app.db, wanted, except).execute(),
      );
    }
  });

  it('refuses a query with a parameter that is not its own, or out of order', async () => {
    const other = idsQuery(test.app.db, (db, wanted) =>
      usersByIds(db, wanted).where('username', '!=', 'nobody'),
    );
    await expect(other(ids)).rejects.toThrow('parameters other than its own');
    const after = idsQuery(test.app.db, (db, wanted, except: number) =>
      usersByIds(db, wanted).where('id', '!=', except),
    );
    await expect(after(ids, ids[0])).rejects.toThrow('parameters other than its own');
  });
});
