import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import type { Notification } from '../../../contract/notification.ts';
import type { DomainEvents } from '../../plugins/domain-events.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

type Registered = Awaited<ReturnType<typeof registerUser>>;

/** Notes and comments straight into the database: this suite is about what follows them. */
async function insertPost(t: TestApp, authorId: string, status: 'pending' | 'approved') {
  const now = Date.now();
  const row = await t.app.db
    .insertInto('posts')
    .values({
      author_id: Number(authorId),
      title: '用 AI 写代码',
      content: '正文',
      excerpt: '正文',
      category_id: 1,
      tags: '[]',
      images: '[]',
      cover_url: '/api/uploads/cover.png',
      cover_width: 600,
      cover_height: 800,
      status,
      reject_reason: null,
      created_at: now,
      updated_at: now,
      published_at: status === 'approved' ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertComment(t: TestApp, postId: number, authorId: string, content: string) {
  const row = await t.app.db
    .insertInto('comments')
    .values({
      post_id: postId,
      author_id: Number(authorId),
      parent_id: null,
      reply_to_user_id: null,
      content,
      created_at: Date.now(),
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(testDatabases)('notifications on %s', (kind) => {
  let t: TestApp;
  let author: Registered;
  let fan: Registered;
  let other: Registered;
  let admin: Registered;
  let postId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    author = await registerUser(t.app, 'author');
    fan = await registerUser(t.app, 'fan');
    other = await registerUser(t.app, 'other');
    admin = await registerUser(t.app, 'admin');
    await makeAdmin(t.app, admin.user.id);
    postId = await insertPost(t, author.user.id, 'approved');
  });
  afterAll(() => t.close());

  const emit = <K extends keyof DomainEvents>(name: K, event: DomainEvents[K]) =>
    t.app.domainEvents.emit(name, event);
  const list = async (who: Registered, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/notifications${query}`,
      headers: who.auth,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { notifications: Notification[]; unreadCount: number; total: number };
  };
  const unread = async (who: Registered) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/notifications/unread-count',
        headers: who.auth,
      })
    ).json().count as number;
  const markAll = (who: Registered) =>
    t.app.inject({ method: 'PUT', url: '/api/notifications/mark-all-read', headers: who.auth });
  const like = { postId: 0, authorId: 0, userId: 0 };

  it('notifies a like once, with actor and note, and takes it back on un-like', async () => {
    Object.assign(like, { postId, authorId: Number(author.user.id), userId: Number(fan.user.id) });
    await emit('post.liked', like);
    await emit('post.liked', like);
    const body = await list(author);
    expect(body.unreadCount).toBe(1);
    expect(body.notifications[0]).toMatchObject({
      type: 'like',
      actor: { id: fan.user.id, username: fan.user.username, avatar: '/images/default_head.png' },
      post: {
        id: String(postId),
        title: '用 AI 写代码',
        cover: { url: '/api/uploads/cover.png', width: 600, height: 800 },
      },
      isRead: false,
    });
    await emit('post.unliked', like);
    expect(await unread(author)).toBe(0);
    expect((await list(author)).total).toBe(0);
  });

  it('creates nothing for acting on your own note', async () => {
    const self = { postId, authorId: Number(author.user.id), userId: Number(author.user.id) };
    await emit('post.liked', self);
    await emit('post.favorited', self);
    await emit('comment.created', {
      commentId: await insertComment(t, postId, author.user.id, '自己评论'),
      postId,
      postAuthorId: Number(author.user.id),
      userId: Number(author.user.id),
      replyToUserId: null,
    });
    expect(await unread(author)).toBe(0);
  });

  it('keeps a read like when it is undone, and a new like after reading notifies again', async () => {
    await emit('post.favorited', { ...like, userId: Number(other.user.id) });
    await markAll(author);
    await emit('post.unfavorited', { ...like, userId: Number(other.user.id) });
    expect((await list(author)).total).toBe(1);
    await emit('post.favorited', { ...like, userId: Number(other.user.id) });
    const body = await list(author);
    expect(body.unreadCount).toBe(1);
    expect(body.notifications.map((n) => [n.type, n.isRead])).toEqual([
      ['favorite', false],
      ['favorite', true],
    ]);
    await markAll(author);
  });

  it('notifies comments to the author and replies to the replied-to user with an excerpt', async () => {
    const commentId = await insertComment(t, postId, fan.user.id, '写得真好，学到了！');
    await emit('comment.created', {
      commentId,
      postId,
      postAuthorId: Number(author.user.id),
      userId: Number(fan.user.id),
      replyToUserId: null,
    });
    const replyId = await insertComment(t, postId, other.user.id, '同意楼上');
    await emit('comment.created', {
      commentId: replyId,
      postId,
      postAuthorId: Number(author.user.id),
      userId: Number(other.user.id),
      replyToUserId: Number(fan.user.id),
    });
    const authors = await list(author);
    expect(authors.notifications.slice(0, 2).map((n) => [n.type, n.excerpt])).toEqual([
      ['comment', '同意楼上'],
      ['comment', '写得真好，学到了！'],
    ]);
    const fans = await list(fan);
    expect(fans.notifications[0]).toMatchObject({
      type: 'reply',
      excerpt: '同意楼上',
      commentId: String(replyId),
      actor: { id: other.user.id },
    });
    // An author replying to a comment on their own note notifies only the commenter.
    const answerId = await insertComment(t, postId, author.user.id, '谢谢');
    await emit('comment.created', {
      commentId: answerId,
      postId,
      postAuthorId: Number(author.user.id),
      userId: Number(author.user.id),
      replyToUserId: Number(fan.user.id),
    });
    expect((await list(fan)).notifications[0]).toMatchObject({ type: 'reply', excerpt: '谢谢' });
    expect(await unread(author)).toBe(2);

    await emit('comment.deleted', { commentId: replyId, postId });
    expect(await unread(author)).toBe(1);
    expect((await list(fan)).notifications.map((n) => n.excerpt)).toEqual(['谢谢']);
    await markAll(author);
    await markAll(fan);
  });

  it('notifies follows through the API and withdraws them on unfollow', async () => {
    const follow = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/auth/users/${author.user.id}/follow`,
        headers: fan.auth,
      });
    expect((await follow()).statusCode).toBe(200);
    expect((await list(author)).notifications[0]).toMatchObject({
      type: 'follow',
      actor: { id: fan.user.id },
      post: null,
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/users/${author.user.id}/follow`,
      headers: fan.auth,
    });
    expect(await unread(author)).toBe(0);
    await follow();
    expect(await unread(author)).toBe(1);
    await markAll(author);
  });

  it('tells the author about review results and the followers about a new note, once', async () => {
    const pending = await insertPost(t, author.user.id, 'pending');
    const review = {
      postId: pending,
      authorId: Number(author.user.id),
      adminId: Number(admin.user.id),
    };
    await emit('post.reviewed', { ...review, status: 'rejected', reason: '图片不清晰' });
    expect((await list(author)).notifications[0]).toMatchObject({
      type: 'post_rejected',
      reason: '图片不清晰',
      post: { id: String(pending) },
    });
    expect(await unread(fan)).toBe(0);

    await emit('post.reviewed', { ...review, status: 'approved', reason: null });
    expect((await list(author)).notifications[0]).toMatchObject({
      type: 'post_approved',
      reason: null,
    });
    expect((await list(fan)).notifications[0]).toMatchObject({
      type: 'new_post',
      actor: { id: author.user.id },
      post: { id: String(pending) },
    });
    await emit('post.reviewed', { ...review, status: 'approved', reason: null });
    expect(await unread(fan)).toBe(1);

    // An admin's own note is published at once and goes straight to their followers.
    await t.app.inject({
      method: 'POST',
      url: `/api/auth/users/${admin.user.id}/follow`,
      headers: fan.auth,
    });
    const adminPost = await insertPost(t, admin.user.id, 'approved');
    await emit('post.created', {
      postId: adminPost,
      authorId: Number(admin.user.id),
      status: 'approved',
    });
    expect(await unread(fan)).toBe(2);
  });

  it('marks one as read (own only) and all as read', async () => {
    const body = await list(fan);
    const target = body.notifications.find((n) => !n.isRead)!;
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${target.id}/read`,
      headers: author.auth,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: errorText.notificationNotFound });

    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${target.id}/read`,
      headers: fan.auth,
    });
    expect(own.statusCode).toBe(200);
    expect(await unread(fan)).toBe(1);
    const all = await markAll(fan);
    expect(all.json()).toEqual({ success: true, updated: 1 });
    expect(await unread(fan)).toBe(0);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/notifications/999999/read',
          headers: fan.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('pages the list newest first and clamps the limit', async () => {
    const page = await list(author, '?page=1&limit=2');
    expect(page.notifications).toHaveLength(2);
    expect(page).toMatchObject({ page: 1 });
    const times = (await list(author, '?limit=1000')).notifications.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/notifications?page=0', headers: fan.auth }))
        .statusCode,
    ).toBe(400);
  });

  it('counts a message as a notification once per sender and clears it when the thread is read', async () => {
    await markAll(author);
    for (const content of ['在吗？', '想请教一个问题']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: fan.auth,
        payload: { recipientId: author.user.id, content },
      });
    }
    const body = await list(author);
    expect(body.unreadCount).toBe(1);
    expect(body.notifications[0]).toMatchObject({ type: 'message', excerpt: '想请教一个问题' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/messages/with/${fan.user.id}/read`,
      headers: author.auth,
    });
    expect(await unread(author)).toBe(0);
  });

  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['PUT', '/api/notifications/mark-all-read'],
      ['PUT', '/api/notifications/1/read'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
