import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingList } from '../../contract/admin.ts';
import type { CommentList } from '../../contract/comment.ts';
import type { Post, PostList } from '../../contract/post.ts';
import { createTestApp, testDatabases } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { DEFAULT_ADMIN_PASSWORD, seedDemoContent } from './demo.ts';
import { DEMO_NOTES } from './demo-notes.ts';

describe.each(testDatabases)('demo content (%s)', (kind) => {
  let test: TestApp;
  let seconds: number;

  beforeAll(async () => {
    test = await createTestApp(kind);
    const started = performance.now();
    await seedDemoContent(test.app);
    seconds = (performance.now() - started) / 1000;
  });
  afterAll(() => test.close());

  it('publishes the demo notes with pictures in every category, quickly', async () => {
    // About 3 s on a quiet machine; the bar leaves room for a loaded CI machine.
    expect(seconds).toBeLessThan(20);
    const feed = (await test.app.inject({ url: '/api/posts?limit=100' })).json<PostList>();
    expect(feed.total).toBe(DEMO_NOTES.length - 1);
    const slugs = new Set(feed.posts.map((post) => post.category.slug));
    expect([...slugs].sort()).toEqual(['ai', 'coding', 'design', 'life', 'photo']);
    expect(feed.posts.every((post) => post.cover !== null)).toBe(true);
    const ratios = new Set(
      feed.posts.map((post) => (post.cover!.width / post.cover!.height).toFixed(2)),
    );
    expect(ratios.size).toBeGreaterThanOrEqual(5);

    const cover = feed.posts[0].cover!;
    const image = await test.app.inject({ url: cover.url });
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: cover.width, height: cover.height });
  });

  it('comes with likes, saves, comments and one note to review', async () => {
    const popular = (
      await test.app.inject({ url: '/api/posts?sort=popular&limit=1' })
    ).json<PostList>();
    expect(popular.posts[0].likesCount).toBe(3);
    const withReply = DEMO_NOTES.find((note) => note.comments.some((comment) => comment.reply))!;
    const search = (
      await test.app.inject({ url: `/api/posts?search=${encodeURIComponent(withReply.title)}` })
    ).json<PostList>();
    const post = search.posts[0];
    expect(post.title).toBe(withReply.title);
    const comments = (
      await test.app.inject({ url: `/api/posts/${post.id}/comments` })
    ).json<CommentList>();
    expect(comments.comments.some((comment) => (comment.replies ?? []).length > 0)).toBe(true);

    const login = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: DEFAULT_ADMIN_PASSWORD },
    });
    const auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const queue = (
      await test.app.inject({ url: '/api/posts/admin/pending', headers: auth })
    ).json<PendingList>();
    expect(queue.posts.map((note: Post) => note.title)).toEqual([
      DEMO_NOTES.find((note) => note.pending)!.title,
    ]);
  });

  it('finds demo notes by Chinese words', async () => {
    const result = (
      await test.app.inject({ url: `/api/posts?search=${encodeURIComponent('夜景')}` })
    ).json<PostList>();
    expect(result.posts[0].title).toContain('夜景');
  });

  it('seeds only once', async () => {
    await seedDemoContent(test.app);
    const feed = (await test.app.inject({ url: '/api/posts' })).json<PostList>();
    expect(feed.total).toBe(DEMO_NOTES.length - 1);
  });
});
