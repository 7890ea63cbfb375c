import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

type Registered = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)('follows on %s', (kind) => {
  let t: TestApp;
  let alice: Registered;
  let bob: Registered;
  let carol: Registered;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await registerUser(t.app, 'alice');
    bob = await registerUser(t.app, 'bob');
    carol = await registerUser(t.app, 'carol');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: Registered) =>
    t.app.inject({ method, url, headers: who?.auth ?? {} });

  it('follows a user, says so in the status, and refuses a second follow with 409', async () => {
    const first = await call('POST', `/api/auth/users/${bob.user.id}/follow`, alice);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ isFollowing: true, followersCount: 1 });

    const status = await call('GET', `/api/auth/users/${bob.user.id}/follow-status`, alice);
    expect(status.json()).toEqual({ isFollowing: true });
    const reverse = await call('GET', `/api/auth/users/${alice.user.id}/follow-status`, bob);
    expect(reverse.json()).toEqual({ isFollowing: false });

    const again = await call('POST', `/api/auth/users/${bob.user.id}/follow`, alice);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: errorText.alreadyFollowing });
  });

  it('refuses to follow yourself, an unknown user, or without signing in', async () => {
    const self = await call('POST', `/api/auth/users/${alice.user.id}/follow`, alice);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: errorText.cannotFollowSelf });

    const unknown = await call('POST', '/api/auth/users/999999/follow', alice);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: errorText.userNotFound });

    const badId = await call('POST', '/api/auth/users/abc/follow', alice);
    expect(badId.statusCode).toBe(400);

    const anonymous = await call('POST', `/api/auth/users/${bob.user.id}/follow`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: errorText.loginRequired });
  });

  it('lists following and followers, newest first, with pagination', async () => {
    await call('POST', `/api/auth/users/${carol.user.id}/follow`, alice);
    await call('POST', `/api/auth/users/${bob.user.id}/follow`, carol);

    const mine = await call('GET', '/api/auth/users/following', alice);
    expect(mine.statusCode).toBe(200);
    const body = mine.json();
    expect(body.total).toBe(2);
    expect(body.following.map((user: { id: string }) => user.id)).toEqual([
      carol.user.id,
      bob.user.id,
    ]);
    expect(body.following[0]).toMatchObject({ _id: carol.user.id, username: carol.user.username });
    expect(body.following[0]).not.toHaveProperty('email');

    const paged = await call('GET', `/api/auth/users/${alice.user.id}/following?page=2&limit=1`);
    expect(paged.json()).toMatchObject({ total: 2, page: 2, pages: 2 });
    expect(paged.json().following[0].id).toBe(bob.user.id);

    const followers = await call('GET', `/api/auth/users/${bob.user.id}/followers`);
    expect(followers.statusCode).toBe(200);
    expect(followers.json().followers.map((user: { id: string }) => user.id)).toEqual([
      carol.user.id,
      alice.user.id,
    ]);

    expect((await call('GET', '/api/auth/users/following')).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/users/999999/followers')).statusCode).toBe(404);

    const profile = await call('GET', `/api/auth/users/${bob.user.id}`);
    expect(profile.json()).toMatchObject({ followersCount: 2 });
  });

  it('unfollows, and refuses to unfollow someone not followed', async () => {
    const done = await call('DELETE', `/api/auth/users/${carol.user.id}/follow`, alice);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ isFollowing: false, followersCount: 0 });

    const again = await call('DELETE', `/api/auth/users/${carol.user.id}/follow`, alice);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: errorText.notFollowing });

    const status = await call('GET', `/api/auth/users/${carol.user.id}/follow-status`, alice);
    expect(status.json()).toEqual({ isFollowing: false });
  });

  it('serves the notes of followed people, published only, newest first', async () => {
    const insert = async (
      authorId: string,
      title: string,
      status: 'approved' | 'pending',
      at: number,
    ) => {
      const row = await t.app.db
        .insertInto('posts')
        .values({
          author_id: Number(authorId),
          title,
          content: '正文',
          excerpt: '正文',
          category_id: 1,
          tags: '[]',
          images: '[]',
          cover_url: null,
          cover_width: null,
          cover_height: null,
          status,
          reject_reason: null,
          created_at: at,
          updated_at: at,
          published_at: status === 'approved' ? at : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    };
    const base = Date.now();
    const older = await insert(bob.user.id, '旧笔记', 'approved', base - 2000);
    const newer = await insert(bob.user.id, '新笔记', 'approved', base - 1000);
    await insert(bob.user.id, '待审核', 'pending', base);
    await insert(carol.user.id, '未关注的人', 'approved', base);

    const feed = await call('GET', '/api/posts/following-feed', alice);
    expect(feed.statusCode).toBe(200);
    const body = feed.json();
    expect(body).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(body.posts.map((post: { id: string }) => post.id)).toEqual([newer, older]);
    expect(body.posts[0]).toMatchObject({
      title: '新笔记',
      author: { id: bob.user.id },
      isLiked: false,
    });

    const second = await call('GET', '/api/posts/following-feed?page=2&limit=1', alice);
    expect(second.json().posts.map((post: { id: string }) => post.id)).toEqual([older]);
    const none = await call('GET', '/api/posts/following-feed', bob);
    expect(none.json()).toMatchObject({ posts: [], total: 0 });
    expect((await call('GET', '/api/posts/following-feed')).statusCode).toBe(401);
  });
});
