import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import type { Post, PostList } from '../../../contract/post.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { expireWeekLikes } from './feed-rank.ts';
import { createPost } from '../../../tests/helpers/notes-test-kit.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The fixed clock every note of these tests is published by. */
const T0 = Date.UTC(2026, 5, 1, 8);

describe.each(testDatabases)('ranked feeds and cursor paging (%s)', (kind) => {
  let test: TestApp;
  let admin: User;
  let readers: User[];

  beforeAll(async () => {
    // Sessions last 30 days from T0: the tests' clock stays within them (or before T0).
    vi.useFakeTimers({ toFake: ['Date'], now: T0 });
    test = await createTestApp(kind);
    admin = await registerUser(test.app, 'admin');
    await makeAdmin(test.app, admin.user.id);
    readers = [];
    for (let index = 0; index < 3; index += 1) {
      readers.push(await registerUser(test.app, 'reader'));
    }
  });
  afterAll(async () => {
    await test.close();
    vi.useRealTimers();
  });
  // Each test writes its own notes into its own category (2, 3, 4), so no test sees another's.
  beforeEach(() => vi.setSystemTime(T0));
  afterEach(() => vi.setSystemTime(T0));

  const get = (url: string) => test.app.inject({ method: 'GET', url });
  const ids = (list: PostList) => list.posts.map((post) => post.id);

  /** An admin's note, published at once, at `at` on the test's clock. */
  async function publishAt(at: number, categoryId: string, title = '排序笔记'): Promise<Post> {
    vi.setSystemTime(at);
    return createPost(test.app, admin.auth, { title, categoryId });
  }

  async function react(post: Post, action: 'like' | 'favorite', reader: User) {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/${action}`,
      headers: reader.auth,
    });
    expect(response.statusCode).toBe(200);
  }

  async function comment(post: Post, times: number) {
    for (let index = 0; index < times; index += 1) {
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/comments`,
        headers: readers[0].auth,
        payload: { content: `第 ${index + 1} 条评论` },
      });
      expect(response.statusCode).toBe(201);
    }
  }

  it('ranks 综合 by reactions decayed with age, and moves a note when a reaction arrives', async () => {
    const category = '2';
    const yearOld = await publishAt(T0 - 365 * DAY, category, '一年前的热门笔记');
    const a = await publishAt(T0, category, 'A');
    const b = await publishAt(T0 + 6 * HOUR, category, 'B');
    const c = await publishAt(T0 + 20 * HOUR, category, 'C');
    vi.setSystemTime(T0 + 21 * HOUR);
    // A: 1 like + 9 comments = 10 points, worth 12.5 hours of freshness: above B (6 h newer,
    // no points), below C (20 h newer). The year-old note's 13 points weigh nothing next to
    // a year.
    await react(a, 'like', readers[0]);
    await comment(a, 9);
    for (const reader of readers) await react(yearOld, 'like', reader);
    await comment(yearOld, 10);

    const url = `/api/posts?sort=recommended&category=${category}`;
    expect(ids((await get(url)).json<PostList>())).toEqual([c.id, a.id, b.id, yearOld.id]);

    // B: like + favorite + 2 comments = 5 points (log 0.7) on top of its 6 h: past A.
    await react(b, 'like', readers[1]);
    await react(b, 'favorite', readers[1]);
    await comment(b, 2);
    expect(ids((await get(url)).json<PostList>())).toEqual([c.id, b.id, a.id, yearOld.id]);

    // Taking the reactions back takes the place back.
    await react(b, 'like', readers[1]);
    await react(b, 'favorite', readers[1]);
    expect(ids((await get(url)).json<PostList>())).toEqual([c.id, a.id, b.id, yearOld.id]);
  });

  it('makes 最热 the most liked notes of the last seven days', async () => {
    const category = '3';
    const old = await publishAt(T0 - 8 * DAY, category, '上个月的笔记');
    const a = await publishAt(T0, category, 'A');
    const b = await publishAt(T0 + 2 * DAY, category, 'B');
    const c = await publishAt(T0 + 3 * DAY, category, 'C');
    vi.setSystemTime(T0 + 3 * DAY + HOUR);
    for (const reader of readers) await react(old, 'like', reader);
    for (const reader of readers) await react(a, 'like', reader);
    await react(b, 'like', readers[0]);
    await react(c, 'like', readers[0]);
    await react(c, 'like', readers[1]);

    const url = `/api/posts?sort=popular&category=${category}`;
    const week = (await get(url)).json<PostList>();
    expect(ids(week)).toEqual([a.id, c.id, b.id]);
    expect(week.total).toBe(3);

    // A week after A was published, the periodic job takes it out of the week.
    vi.setSystemTime(T0 + 7 * DAY + HOUR);
    expect(await expireWeekLikes(test.app.db)).toBeGreaterThanOrEqual(1);
    test.app.services.noteCaches.feedPages.clear();
    test.app.services.noteCaches.feedTotals.clear();
    const later = (await get(url)).json<PostList>();
    expect(ids(later)).toEqual([c.id, b.id]);
    expect(later.total).toBe(2);
  });

  it('pages by cursor without repeating or skipping a note while notes are published', async () => {
    const category = '4';
    const notes: Post[] = [];
    for (let index = 0; index < 10; index += 1) {
      notes.push(await publishAt(T0 + index * HOUR, category, `原有笔记 ${index}`));
    }
    // Newer than every note so far: a new note goes on top, above any cursor.
    let inserted = 0;
    for (const sort of ['newest', 'recommended'] as const) {
      const base = `/api/posts?sort=${sort}&category=${category}&limit=3`;
      const expected = ids((await get(`${base.replace('limit=3', 'limit=100')}`)).json());
      const seen: string[] = [];
      let cursor: string | null | undefined;
      let pages = 0;
      do {
        const response = await get(cursor ? `${base}&cursor=${cursor}` : base);
        expect(response.statusCode).toBe(200);
        const page = response.json<PostList>();
        seen.push(...ids(page));
        cursor = page.nextCursor;
        pages += 1;
        // Two new notes land on top of the feed between every two pages.
        for (let index = 0; index < 2; index += 1) {
          inserted += 1;
          await publishAt(T0 + (20 + inserted) * HOUR, category, `新笔记 ${sort} ${inserted}`);
        }
      } while (cursor);
      expect(pages).toBe(Math.ceil(expected.length / 3));
      expect(seen).toEqual(expected);
      expect(new Set(seen).size).toBe(seen.length);
    }
  });

  it('pages the 关注 feed by cursor too, while the followed author publishes', async () => {
    const reader = readers[2];
    const followed = await test.app.inject({
      method: 'POST',
      url: `/api/auth/users/${admin.user.id}/follow`,
      headers: reader.auth,
    });
    expect(followed.statusCode).toBe(200);
    await publishAt(T0 + 200 * HOUR, '5', '关注的人的笔记');
    const feed = (url: string) =>
      test.app.inject({ method: 'GET', url, headers: reader.auth }).then((r) => r.json<PostList>());
    const expected = ids(await feed('/api/posts/following-feed?limit=100'));
    expect(expected.length).toBeGreaterThan(5);
    const seen: string[] = [];
    let cursor: string | null | undefined;
    let inserted = 0;
    do {
      const page = await feed(
        `/api/posts/following-feed?limit=5${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...ids(page));
      cursor = page.nextCursor;
      inserted += 1;
      await publishAt(T0 + (200 + inserted) * HOUR, '5', `又一篇 ${inserted}`);
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it('gives the first page by number a cursor that continues it, and page 2 matches', async () => {
    const url = '/api/posts?sort=newest&limit=2';
    const first = (await get(url)).json<PostList>();
    const byCursor = (await get(`${url}&cursor=${first.nextCursor}`)).json<PostList>();
    const byNumber = (await get(`${url}&page=2`)).json<PostList>();
    expect(ids(byCursor)).toEqual(ids(byNumber));
    expect(byCursor.total).toBe(first.total);
  });

  it('refuses a cursor that is not one, or belongs to another order', async () => {
    const newest = (await get('/api/posts?sort=newest&limit=1')).json<PostList>();
    for (const url of [
      '/api/posts?cursor=not-a-cursor',
      `/api/posts?cursor=${Buffer.from('[1,2,3]').toString('base64url')}`,
      `/api/posts?sort=popular&cursor=${newest.nextCursor}`,
      `/api/posts?cursor=${'x'.repeat(201)}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ error: errorText.cursorInvalid });
    }
  });
});
