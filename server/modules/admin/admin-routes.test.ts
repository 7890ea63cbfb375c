import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingList, PostStats } from '../../../contract/admin.ts';
import { errorText } from '../../../contract/messages.ts';
import type { Post, PostList } from '../../../contract/post.ts';
import type { DomainEvents } from '../../plugins/domain-events.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { createPost, publishedPost } from '../../../tests/helpers/notes-test-kit.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)('moderation and statistics (%s)', (kind) => {
  let test: TestApp;
  let author: User;
  let member: User;
  let admin: User;
  const reviewed: DomainEvents['post.reviewed'][] = [];

  beforeAll(async () => {
    test = await createTestApp(kind);
    test.app.domainEvents.on('post.reviewed', (event) => {
      reviewed.push(event);
    });
    author = await registerUser(test.app, 'author');
    member = await registerUser(test.app, 'member');
    admin = await registerUser(test.app, 'admin');
    await makeAdmin(test.app, admin.user.id);
  });
  afterAll(() => test.close());

  const call = (method: 'GET' | 'POST', url: string, headers: object, payload?: object) =>
    test.app.inject({ method, url, headers: headers as Record<string, string>, payload });

  it('answers 401 without a session and 403 to members on every admin call', async () => {
    const post = await createPost(test.app, author.auth);
    const calls: [string, string, object?][] = [
      ['GET', '/api/posts/admin/pending'],
      ['POST', `/api/posts/admin/${post.id}/review`, { status: 'approved' }],
      ['POST', `/api/posts/admin/${post.id}/review`, { status: 'bogus' }],
      ['POST', `/api/posts/admin/${post.id}/category`, { categoryId: '2' }],
      ['GET', '/api/posts/stats'],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await call(method as 'GET', url, {}, payload);
      expect(anonymous.statusCode).toBe(401);
      const asMember = await call(method as 'GET', url, member.auth, payload);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json()).toEqual({ error: errorText.notAdmin });
    }
  });

  it('lists pending notes oldest first with their full text, 10 per page', async () => {
    const writer = await registerUser(test.app, 'queue');
    const first = await createPost(test.app, writer.auth, { content: '第一篇全文' });
    await createPost(test.app, writer.auth);
    const queue = (
      await call('GET', '/api/posts/admin/pending?limit=1000', admin.auth)
    ).json<PendingList>();
    const mine = queue.posts.filter((post) => post.author.id === writer.user.id);
    expect(mine[0]).toMatchObject({ id: first.id, content: '第一篇全文', status: 'pending' });
    expect(queue.posts.every((post) => post.status === 'pending')).toBe(true);
    const page = (await call('GET', '/api/posts/admin/pending', admin.auth)).json<PendingList>();
    expect(page.posts.length).toBeLessThanOrEqual(10);
    const invalid = await call('GET', '/api/posts/admin/pending?status=nope', admin.auth);
    expect(invalid.json()).toEqual({ error: errorText.statusInvalid });
  });

  it('approves and rejects with a reason, records it and tells the author', async () => {
    const post = await createPost(test.app, author.auth, { title: '待审核的笔记' });
    const noReason = await call('POST', `/api/posts/admin/${post.id}/review`, admin.auth, {
      status: 'rejected',
      reason: '   ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ error: errorText.rejectReasonRequired });
    const badStatus = await call('POST', `/api/posts/admin/${post.id}/review`, admin.auth, {
      status: 'deleted',
    });
    expect(badStatus.json()).toEqual({ error: errorText.reviewStatusInvalid });
    const missing = await call('POST', '/api/posts/admin/999999/review', admin.auth, {
      status: 'approved',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: errorText.postNotFound });

    const rejected = await call('POST', `/api/posts/admin/${post.id}/review`, admin.auth, {
      status: 'rejected',
      reason: '图片不清晰',
    });
    expect(rejected.json<Post>()).toMatchObject({ status: 'rejected', rejectReason: '图片不清晰' });
    const approved = await call('POST', `/api/posts/admin/${post.id}/review`, admin.auth, {
      status: 'approved',
    });
    expect(approved.json<Post>()).toMatchObject({ status: 'approved', rejectReason: null });
    expect(approved.json<Post>().publishedAt).not.toBeNull();
    expect((await call('GET', `/api/posts/${post.id}`, {})).statusCode).toBe(200);

    expect(reviewed.slice(-2)).toEqual([
      {
        postId: Number(post.id),
        authorId: Number(author.user.id),
        adminId: Number(admin.user.id),
        status: 'rejected',
        reason: '图片不清晰',
      },
      expect.objectContaining({ status: 'approved', reason: null }),
    ]);
    const log = await test.app.db
      .selectFrom('moderation_events')
      .select(['action', 'reason'])
      .where('post_id', '=', Number(post.id))
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'rejected', reason: '图片不清晰' },
      { action: 'approved', reason: null },
    ]);
  });

  it('moves a note to another category, feed included', async () => {
    const post = await publishedPost(test.app, author.auth, admin.auth, { categoryId: '1' });
    const moved = await call('POST', `/api/posts/admin/${post.id}/category`, admin.auth, {
      categoryId: '5',
    });
    expect(moved.json<Post>().category).toMatchObject({ slug: 'photo', name: '摄影' });
    const photo = (await call('GET', '/api/posts?category=photo', {})).json<PostList>();
    expect(photo.posts.map((card) => card.id)).toContain(post.id);
    for (const categoryId of ['99', 'x']) {
      const bad = await call('POST', `/api/posts/admin/${post.id}/category`, admin.auth, {
        categoryId,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: errorText.categoryInvalid });
    }
  });

  it('counts notes by status, category, day and author', async () => {
    const stats = (await call('GET', '/api/posts/stats', admin.auth)).json<PostStats>();
    const all = await test.app.db
      .selectFrom('posts')
      .select(['status', 'category_id', 'author_id'])
      .execute();
    const count = (status: string) => all.filter((row) => row.status === status).length;
    expect(stats.byStatus).toEqual({
      pending: count('pending'),
      approved: count('approved'),
      rejected: count('rejected'),
      total: all.length,
    });
    expect(stats.byCategory.map((row) => row.slug)).toEqual([
      'ai',
      'coding',
      'design',
      'life',
      'photo',
    ]);
    expect(stats.byCategory.find((row) => row.slug === 'photo')?.count).toBe(
      all.filter((row) => row.status === 'approved' && row.category_id === 5).length,
    );
    expect(stats.perDay).toHaveLength(30);
    expect(stats.perDay.reduce((sum, day) => sum + day.count, 0)).toBe(all.length);
    expect(stats.perDay[29].count).toBe(all.length);
    expect(stats.topAuthors[0]).toMatchObject({
      author: { id: author.user.id },
      posts: all.filter(
        (row) => row.status === 'approved' && row.author_id === Number(author.user.id),
      ).length,
    });
  });
});
