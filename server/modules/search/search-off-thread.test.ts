import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post, PostList } from '../../../contract/post.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { appWithNote } from '../../../tests/helpers/notes-test-kit.ts';

/** Two seconds or so of work for SQLite that holds a read connection the whole time. */
const SLOW_READ = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 4000000)
  SELECT count(*) AS n FROM c`;

/**
 * better-sqlite3 is synchronous: a search on the main connection would hold the thread that
 * answers every request. Search runs in the read pool's worker threads instead, so a long one
 * only delays other searches.
 */
describe('search off the request thread (sqlite)', () => {
  let test: TestApp;
  let noteId: string;

  beforeAll(async () => {
    ({ test, noteId } = await appWithNote('编程的乐趣'));
  });
  afterAll(() => test.close());

  it('answers the feed and a note at once while every search thread is busy with a long query', async () => {
    const pool = test.app.readPool!;
    expect(pool.threads).toBeGreaterThan(0);
    const done: Record<string, number> = {};
    const stamp = <T>(name: string, promise: Promise<T>) =>
      promise.then((value) => {
        done[name] ??= performance.now();
        return value;
      });

    const started = performance.now();
    // `slow` is stamped when the first long query ends, freeing a thread.
    const slow = Array.from({ length: pool.threads }, () =>
      stamp('slow', pool.all<{ n: number }>(SLOW_READ, [])),
    );
    // A search arriving now waits for a free read thread...
    const search = stamp('search', test.app.inject({ url: '/api/posts?search=编程' }));
    // ...while the feed, read on the main connection, and a note, read on the pool's foreground
    // thread, do not wait for anything.
    const [feed, note] = await Promise.all([
      stamp('feed', test.app.inject({ url: '/api/posts' })),
      stamp('note', test.app.inject({ url: `/api/posts/${noteId}` })),
    ]);

    expect(feed.statusCode).toBe(200);
    expect(feed.json<PostList>().posts.map((post) => post.id)).toEqual([noteId]);
    expect(note.json<Post>().title).toBe('编程的乐趣');
    expect(Math.max(done.feed, done.note) - started).toBeLessThan(1000);
    expect(done.slow).toBeUndefined();

    for (const rows of await Promise.all(slow)) expect(rows[0].n).toBe(4_000_000);
    const result = await search;
    expect(result.json<PostList>().posts.map((post) => post.id)).toEqual([noteId]);
    // The search ran in the pool: it could only finish after a thread came free.
    expect(done.search).toBeGreaterThanOrEqual(done.slow);
  });
  it("reads a search page's cards at once while every search thread is busy with a long query", async () => {
    const pool = test.app.readPool!;
    const url = `/api/posts?search=${encodeURIComponent('编程')}`;
    // The ranking is kept (searchResults); the cards are not, so they are read again.
    expect((await test.app.inject({ url })).statusCode).toBe(200);
    test.app.services.noteCaches.cards.clear();

    const started = performance.now();
    let slowDone: number | undefined;
    const slow = Array.from({ length: pool.threads }, () =>
      pool.all(SLOW_READ, []).then((rows) => {
        slowDone ??= performance.now();
        return rows;
      }),
    );
    const search = await test.app.inject({ url });
    const searched = performance.now();

    expect(search.json<PostList>().posts.map((post) => post.id)).toEqual([noteId]);
    expect(searched - started).toBeLessThan(1000);
    expect(slowDone).toBeUndefined();
    await Promise.all(slow);
  });
});
