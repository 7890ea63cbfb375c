import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOwnCallbacks } from '../../../tests/helpers/own-callbacks.ts';
import { insertPost } from '../../../tests/helpers/payment-fixtures.ts';
import { queryCounter } from '../../../tests/helpers/query-counter.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { batchedCardReads } from './card-reads.ts';
import { createPostRepository } from './post-repository.ts';

describe.each(testDatabases)("the cards a turn's pages miss on %s", (kind) => {
  let t: TestApp;
  let notes: number[];
  let authors: { id: number; username: string }[];

  const cardReads = () => {
    const counter = queryCounter();
    const reads = batchedCardReads(createPostRepository(t.app.db.withPlugin(counter.plugin)));
    return { counter, reads };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    authors = (await Promise.all(['ann', 'bo'].map((prefix) => registerUser(t.app, prefix)))).map(
      ({ user }) => ({ id: Number(user.id), username: user.username }),
    );
    notes = [];
    for (const [at, title] of ['一', '二', '三', '四'].entries()) {
      const authorId = String(authors[at % 2].id);
      notes.push(Number(await insertPost(t.app, { authorId, title: `卡片${title}` })));
    }
  });

  afterAll(() => t.close());

  it('reads the pages of one turn in one query, each with its own cards and authors', async () => {
    const { counter, reads } = cardReads();
    const missing = 1_000_000;
    const asked = [[notes[2], notes[0]], [notes[1], missing, notes[2]], [notes[3]]];
    const found = await inOwnCallbacks(asked.map((ids) => () => reads.cardsByIds(ids)));
    expect(counter.queries).toBe(1);
    expect(found.map((page) => page.rows.map((row) => row.title))).toEqual([
      ['卡片三', '卡片一'],
      ['卡片二', '卡片三'],
      ['卡片四'],
    ]);
    expect([...found[1].authors.values()].map((author) => author.username).sort()).toEqual(
      authors.map((author) => author.username).sort(),
    );
    expect([...found[2].authors.keys()]).toEqual([authors[1].id]);
  });

  it('reads a later turn in a query of its own, which sees the writes since', async () => {
    const { counter, reads } = cardReads();
    expect((await reads.cardsByIds([notes[0]])).rows[0].title).toBe('卡片一');
    await t.app.db
      .updateTable('posts')
      .set({ title: '改过的卡片' })
      .where('id', '=', notes[0])
      .execute();
    expect((await reads.cardsByIds([notes[0]])).rows[0].title).toBe('改过的卡片');
    expect(counter.queries).toBe(2);
  });

  it('asks nothing for a page with no card to read', async () => {
    const { counter, reads } = cardReads();
    const page = await reads.cardsByIds([]);
    expect(page.rows).toEqual([]);
    expect(page.authors.size).toBe(0);
    expect(counter.queries).toBe(0);
  });
});
