import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOwnCallbacks } from '../../../tests/helpers/own-callbacks.ts';
import { insertPost } from '../../../tests/helpers/payment-fixtures.ts';
import { queryCounter } from '../../../tests/helpers/query-counter.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { batchedPurchases } from './purchases.ts';

describe.each(testDatabases)("signed-in readers' purchases on %s", (kind) => {
  let t: TestApp;
  let readers: number[];
  let notes: number[];

  const buy = (userId: number, postId: number) =>
    t.app.db
      .insertInto('purchases')
      .values({
        user_id: userId,
        post_id: postId,
        order_id: `test-${userId}-${postId}`,
        created_at: Date.now(),
      })
      .execute();

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [author, ...others] = await Promise.all(
      ['author', 'ann', 'bo', 'cy'].map((prefix) => registerUser(t.app, prefix)),
    );
    readers = others.map((reader) => Number(reader.user.id));
    notes = [];
    for (const priceYuan of [3, 5, 8]) {
      notes.push(Number(await insertPost(t.app, { authorId: author.user.id, priceYuan })));
    }
    await buy(readers[0], notes[0]);
    await buy(readers[0], notes[2]);
    await buy(readers[1], notes[1]);
  });

  afterAll(() => t.close());

  it("answers the requests of one turn with one query, each with its reader's own", async () => {
    const counter = queryCounter();
    const purchases = batchedPurchases(t.app.db.withPlugin(counter.plugin), t.app.dialect);
    const asked: [number, number[]][] = [
      [readers[0], notes],
      [readers[1], [notes[1], notes[2], notes[1]]],
      [readers[2], notes],
      [readers[0], [notes[1]]],
    ];
    const found = await inOwnCallbacks(
      asked.map(
        ([userId, ids]) =>
          () =>
            purchases.among(userId, ids),
      ),
    );
    expect(counter.queries).toBe(1);
    expect(found.map((bought) => [...bought].sort())).toEqual([
      [notes[0], notes[2]],
      [notes[1]],
      [],
      [],
    ]);
    // A later turn is a query of its own and sees the purchases since.
    await buy(readers[2], notes[1]);
    expect([...(await purchases.among(readers[2], notes))]).toEqual([notes[1]]);
    expect(counter.queries).toBe(2);
  });

  it('asks nothing for a page without paid notes to look up', async () => {
    const counter = queryCounter();
    const purchases = batchedPurchases(t.app.db.withPlugin(counter.plugin), t.app.dialect);
    expect((await purchases.among(readers[0], [])).size).toBe(0);
    expect(counter.queries).toBe(0);
  });
});
