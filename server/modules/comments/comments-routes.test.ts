import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, CommentList } from '../../../contract/comment.ts';
import { errorText } from '../../../contract/messages.ts';
import type { Post } from '../../../contract/post.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { createPost, publishedPost } from '../../../tests/helpers/notes-test-kit.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)('comments (%s)', (kind) => {
  let test: TestApp;
  let author: User;
  let reader: User;
  let other: User;
  let admin: User;
  let post: Post;
  const events: unknown[] = [];

  beforeAll(async () => {
    test = await createTestApp(kind);
    test.app.domainEvents.on('comment.created', (event) => {
      events.push(event);
    });
    author = await registerUser(test.app, 'author');
    reader = await registerUser(test.app, 'reader');
    other = await registerUser(test.app, 'other');
    admin = await registerUser(test.app, 'admin');
    await makeAdmin(test.app, admin.user.id);
    post = await publishedPost(test.app, author.auth, admin.auth);
  });
  afterAll(() => test.close());

  const comment = async (user: User, content: string, parentId?: string) => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      headers: user.auth,
      payload: { content, ...(parentId ? { parentId } : {}) },
    });
    expect(response.statusCode).toBe(201);
    return response.json<Comment>();
  };
  const list = async (query = '') =>
    (await test.app.inject({ url: `/api/posts/${post.id}/comments${query}` })).json<CommentList>();
  const count = async () =>
    (await test.app.inject({ url: `/api/posts/${post.id}` })).json<Post>().commentsCount;

  it('keeps replies one level deep and names whom a reply answers', async () => {
    const top = await comment(reader, '  写得真好  ');
    expect(top).toMatchObject({ content: '写得真好', parentId: null, replyTo: null, replies: [] });
    const reply = await comment(author, '谢谢！', top.id);
    expect(reply).toMatchObject({
      parentId: top.id,
      replyTo: { _id: reader.user.id, username: reader.user.username },
    });
    const nested = await comment(other, '同感', reply.id);
    expect(nested).toMatchObject({
      parentId: top.id,
      replyTo: { _id: author.user.id, username: author.user.username },
    });
    expect(events).toContainEqual({
      commentId: Number(nested.id),
      postId: Number(post.id),
      postAuthorId: Number(author.user.id),
      userId: Number(other.user.id),
      replyToUserId: Number(author.user.id),
    });

    const second = await comment(other, '第二条评论');
    const page = await list();
    expect(page).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(page.comments.map((item) => item.id)).toEqual([second.id, top.id]);
    expect(page.comments[1].replies?.map((item) => item.id)).toEqual([reply.id, nested.id]);
    expect(await count()).toBe(4);
    expect((await list('?limit=1&page=2')).comments.map((item) => item.id)).toEqual([top.id]);
  });

  it.each([
    [{}, errorText.commentRequired],
    [{ content: '   ' }, errorText.commentRequired],
    [{ content: 5 }, errorText.commentRequired],
    [{ content: '长'.repeat(501) }, errorText.commentTooLong],
    [{ content: '回复', parentId: 'abc' }, errorText.commentParentInvalid],
    [{ content: '回复', parentId: '999999' }, errorText.commentParentInvalid],
  ])('refuses %j', async (payload, message) => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      headers: reader.auth,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it('accepts a 500-character comment, but none on hidden notes or without login', async () => {
    expect((await comment(reader, '好'.repeat(500))).content).toHaveLength(500);
    const pending = await createPost(test.app, author.auth);
    const hidden = await test.app.inject({
      method: 'POST',
      url: `/api/posts/${pending.id}/comments`,
      headers: reader.auth,
      payload: { content: '看不到' },
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: errorText.postNotFound });
    const anonymous = await test.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      payload: { content: '匿名' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await test.app.inject({ url: `/api/posts/${pending.id}/comments` })).statusCode).toBe(
      404,
    );
  });

  it('lets the comment’s author, the note’s author or an admin delete it', async () => {
    const remove = (user: User, id: string) =>
      test.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: user.auth });
    const before = await count();
    const mine = await comment(reader, '我自己删');
    const stranger = await remove(other, mine.id);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ error: errorText.notCommentAuthor });
    expect((await remove(reader, mine.id)).json()).toEqual({
      success: true,
      commentsCount: before,
    });

    const byPostAuthor = await comment(other, '作者删');
    expect((await remove(author, byPostAuthor.id)).statusCode).toBe(200);
    const byAdmin = await comment(other, '管理员删');
    expect((await remove(admin, byAdmin.id)).statusCode).toBe(200);

    // A top-level comment takes its replies with it.
    const thread = await comment(reader, '一串讨论');
    await comment(other, '回复一', thread.id);
    await comment(author, '回复二', thread.id);
    expect(await count()).toBe(before + 3);
    expect((await remove(reader, thread.id)).json()).toEqual({
      success: true,
      commentsCount: before,
    });
    const gone = await remove(reader, thread.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: errorText.commentNotFound });
  });
});
