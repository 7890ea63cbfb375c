import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import type { Post, PostList } from '../../../contract/post.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import {
  createPost,
  publishedPost,
  review,
  uploadImage,
} from '../../../tests/helpers/notes-test-kit.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)('notes API (%s)', (kind) => {
  let test: TestApp;
  let author: User;
  let reader: User;
  let admin: User;

  beforeAll(async () => {
    test = await createTestApp(kind);
    author = await registerUser(test.app, 'author');
    reader = await registerUser(test.app, 'reader');
    admin = await registerUser(test.app, 'admin');
    await makeAdmin(test.app, admin.user.id);
  });
  afterAll(() => test.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url, headers });
  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => test.app.inject({ method, url, headers, payload });

  it('starts a member’s note as pending, visible only to its author and admins', async () => {
    const image = await uploadImage(test.app, author.auth);
    const post = await createPost(test.app, author.auth, {
      title: '  我的第一篇笔记  ',
      content: '## 你好\n\n这是**正文**，带一段 `code`。',
      images: [image],
      tags: ['AI', '#编程', 'AI', ' '],
      price: 0,
    });
    expect(post).toMatchObject({
      title: '我的第一篇笔记',
      status: 'pending',
      excerpt: '你好 这是正文，带一段 code。',
      tags: ['AI', '编程'],
      cover: image,
      images: [image],
      category: { slug: 'ai', name: 'AI' },
      author: { id: author.user.id },
      publishedAt: null,
      likesCount: 0,
      isLiked: false,
    });

    expect((await get(`/api/posts/${post.id}`, author.auth)).statusCode).toBe(200);
    expect((await get(`/api/posts/${post.id}`, admin.auth)).statusCode).toBe(200);
    for (const headers of [{}, reader.auth]) {
      const hidden = await get(`/api/posts/${post.id}`, headers);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ error: errorText.postNotFound });
    }
    const feed = (await get('/api/posts')).json<PostList>();
    expect(feed.posts.map((card) => card.id)).not.toContain(post.id);
  });

  it('publishes an admin’s note at once and shows approved notes to everyone', async () => {
    const post = await createPost(test.app, admin.auth, { title: '管理员公告' });
    expect(post.status).toBe('approved');
    expect(post.publishedAt).not.toBeNull();
    const anonymous = await get(`/api/posts/${post.id}`);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json<Post>()).toMatchObject({ isLiked: false, canRead: true });
  });

  it('answers malformed and unknown ids with 404', async () => {
    for (const id of ['abc', '0', '99999999']) {
      const response = await get(`/api/posts/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: errorText.postNotFound });
    }
  });

  it.each([
    [{ content: '正文', categoryId: '1' }, errorText.titleRequired],
    [{ title: '   ', content: '正文', categoryId: '1' }, errorText.titleRequired],
    [{ title: 42, content: '正文', categoryId: '1' }, errorText.titleRequired],
    [{ title: '题'.repeat(101), content: '正文', categoryId: '1' }, errorText.titleTooLong],
    [{ title: '标题', categoryId: '1' }, errorText.contentRequired],
    [{ title: '标题', content: ' \n ', categoryId: '1' }, errorText.contentRequired],
    [{ title: '标题', content: '字'.repeat(20001), categoryId: '1' }, errorText.contentTooLong],
    [{ title: '标题', content: '正文' }, errorText.categoryInvalid],
    [{ title: '标题', content: '正文', categoryId: 'ai' }, errorText.categoryInvalid],
    [{ title: '标题', content: '正文', categoryId: '99' }, errorText.categoryInvalid],
    [
      { title: '标题', content: '正文', categoryId: '1', tags: Array(11).fill('标签') },
      errorText.tooManyTags,
    ],
    [
      { title: '标题', content: '正文', categoryId: '1', tags: ['很'.repeat(21)] },
      errorText.tooManyTags,
    ],
    [
      {
        title: '标题',
        content: '正文',
        categoryId: '1',
        images: Array(10).fill({ url: '/api/uploads/a.png' }),
      },
      errorText.tooManyImages,
    ],
    [
      { title: '标题', content: '正文', categoryId: '1', images: [{ url: 'https://evil/x.png' }] },
      errorText.imageInvalid,
    ],
    [
      {
        title: '标题',
        content: '正文',
        categoryId: '1',
        images: [{ url: '/api/uploads/none.png' }],
      },
      errorText.imageInvalid,
    ],
    [{ title: '标题', content: '正文', categoryId: '1', price: -1 }, errorText.priceInvalid],
    [{ title: '标题', content: '正文', categoryId: '1', price: 1000 }, errorText.priceInvalid],
    [{ title: '标题', content: '正文', categoryId: '1', price: '9' }, errorText.priceInvalid],
  ])('refuses a note %j with its message', async (payload, message) => {
    const response = await send('POST', '/api/posts', author.auth, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it('refuses images uploaded by someone else', async () => {
    const theirs = await uploadImage(test.app, reader.auth);
    const response = await send('POST', '/api/posts', author.auth, {
      title: '标题',
      content: '正文',
      categoryId: '1',
      images: [theirs],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: errorText.imageInvalid });
  });

  it('asks for a login to publish, edit, delete, like and list one’s own notes', async () => {
    const calls = [
      send('POST', '/api/posts', {}, { title: '标题', content: '正文', categoryId: '1' }),
      send('PUT', '/api/posts/1', {}, { title: '新标题' }),
      send('DELETE', '/api/posts/1', {}),
      send('POST', '/api/posts/1/like', {}),
      send('POST', '/api/posts/1/favorite', {}),
      get('/api/posts/user/me'),
      get('/api/posts/favorites'),
      get('/api/posts/user/likes'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: errorText.loginRequired });
    }
  });

  it('returns the first note for a repeated Idempotency-Key, never a second one', async () => {
    const payload = { title: '离线发布', content: '网络恢复后重放', categoryId: '2' };
    const headers = { ...author.auth, 'idempotency-key': 'draft-42-publish' };
    const [first, second] = await Promise.all([
      send('POST', '/api/posts', headers, payload),
      send('POST', '/api/posts', headers, payload),
    ]);
    const third = await send('POST', '/api/posts', headers, payload);
    const ids = [first, second, third].map((response) => response.json<Post>().id);
    expect(new Set(ids).size).toBe(1);
    expect(third.statusCode).toBe(201);
    expect(third.headers['idempotent-replayed']).toBe('true');

    // The key belongs to its user: someone else's identical key makes their own note.
    const other = await send(
      'POST',
      '/api/posts',
      { ...reader.auth, 'idempotency-key': 'draft-42-publish' },
      payload,
    );
    expect(other.json<Post>().id).not.toBe(ids[0]);

    const bad = await send(
      'POST',
      '/api/posts',
      { ...author.auth, 'idempotency-key': 'a b' },
      payload,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: errorText.idempotencyKeyInvalid });
  });

  it('lets only the author edit, and sends an edited note back to review', async () => {
    const post = await publishedPost(test.app, author.auth, admin.auth, { title: '原标题' });
    expect(post.status).toBe('approved');

    const stranger = await send('PUT', `/api/posts/${post.id}`, reader.auth, { title: '改了' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ error: errorText.notPostAuthor });
    const asAdmin = await send('PUT', `/api/posts/${post.id}`, admin.auth, { title: '改了' });
    expect(asAdmin.statusCode).toBe(403);

    const edited = await send('PUT', `/api/posts/${post.id}`, author.auth, {
      title: '新标题',
      content: '新的正文',
      price: 9.9,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Post>()).toMatchObject({
      title: '新标题',
      content: '新的正文',
      // Now paid: the card shows only the free preview (paywall: at most 30 % of the body).
      excerpt: '新',
      status: 'pending',
      price: 9.9,
      publishedAt: post.publishedAt,
    });
    expect((await get(`/api/posts/${post.id}`)).statusCode).toBe(404);

    const invalid = await send('PUT', `/api/posts/${post.id}`, author.auth, { title: '' });
    expect(invalid.json()).toEqual({ error: errorText.titleRequired });
  });

  it('lets the author or an admin delete, nobody else', async () => {
    const mine = await publishedPost(test.app, author.auth, admin.auth);
    const stranger = await send('DELETE', `/api/posts/${mine.id}`, reader.auth);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ error: errorText.notPostAuthorDelete });

    expect((await send('DELETE', `/api/posts/${mine.id}`, author.auth)).json()).toEqual({
      success: true,
    });
    expect((await get(`/api/posts/${mine.id}`, author.auth)).statusCode).toBe(404);

    const other = await publishedPost(test.app, author.auth, admin.auth);
    expect((await send('DELETE', `/api/posts/${other.id}`, admin.auth)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/posts/${other.id}`, admin.auth)).statusCode).toBe(404);
  });

  it('toggles likes and favorites with counts, and refuses invalid ids', async () => {
    const post = await publishedPost(test.app, author.auth, admin.auth);
    const like = () => send('POST', `/api/posts/${post.id}/like`, reader.auth);
    expect((await like()).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await send('POST', `/api/posts/${post.id}/like`, author.auth)).json()).toEqual({
      liked: true,
      likesCount: 2,
    });
    expect((await like()).json()).toEqual({ liked: false, likesCount: 1 });
    expect((await like()).json()).toEqual({ liked: true, likesCount: 2 });

    const favorite = await send('POST', `/api/posts/${post.id}/favorite`, reader.auth);
    expect(favorite.json()).toEqual({ favorited: true, favoritesCount: 1 });

    const seen = (await get(`/api/posts/${post.id}`, reader.auth)).json<Post>();
    expect(seen).toMatchObject({ isLiked: true, isFavorited: true, likesCount: 2 });
    const favorites = await get('/api/posts/favorites', reader.auth);
    expect(favorites.json<{ favorites: Post[] }>().favorites.map((card) => card.id)).toEqual([
      post.id,
    ]);
    const liked = await get(`/api/auth/users/${reader.user.id}/liked-posts`);
    expect(liked.json<Post[]>().map((card) => card.id)).toContain(post.id);

    for (const id of ['undefined', 'null', 'abc']) {
      for (const action of ['like', 'favorite']) {
        const response = await send('POST', `/api/posts/${id}/${action}`, reader.auth);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: errorText.likeInvalidId });
      }
    }
    const pending = await createPost(test.app, author.auth);
    const hidden = await send('POST', `/api/posts/${pending.id}/like`, reader.auth);
    expect(hidden.statusCode).toBe(404);
  });

  it('adds up likes received on published notes', async () => {
    const someone = await registerUser(test.app, 'counted');
    const post = await publishedPost(test.app, someone.auth, admin.auth);
    await send('POST', `/api/posts/${post.id}/like`, reader.auth);
    await send('POST', `/api/posts/${post.id}/like`, author.auth);
    expect((await get(`/api/posts/user/${someone.user.id}/likes`)).json()).toEqual({
      totalLikes: 2,
    });
    expect((await get('/api/posts/user/likes', someone.auth)).json()).toEqual({ totalLikes: 2 });
  });

  it('lists one’s own notes in every status, or one status', async () => {
    const writer = await registerUser(test.app, 'writer');
    const pending = await createPost(test.app, writer.auth, { title: '待审核' });
    const approved = await publishedPost(test.app, writer.auth, admin.auth, { title: '已通过' });
    const rejected = await createPost(test.app, writer.auth, { title: '未通过' });
    await review(test.app, admin.auth, rejected.id, 'rejected', '内容与分类不符');

    const all = (await get('/api/posts/user/me', writer.auth)).json<PostList>();
    expect(all.total).toBe(3);
    expect(all.posts.map((card) => [card.id, card.status])).toEqual([
      [rejected.id, 'rejected'],
      [approved.id, 'approved'],
      [pending.id, 'pending'],
    ]);
    expect(all.posts[0].rejectReason).toBe('内容与分类不符');
    const onlyPending = (
      await get('/api/posts/user/me?status=pending', writer.auth)
    ).json<PostList>();
    expect(onlyPending.posts.map((card) => card.id)).toEqual([pending.id]);
    const bad = await get('/api/posts/user/me?status=deleted', writer.auth);
    expect(bad.json()).toEqual({ error: errorText.statusInvalid });

    const publicList = (await get(`/api/posts/user/${writer.user.id}`)).json<PostList>();
    expect(publicList.posts.map((card) => card.id)).toEqual([approved.id]);
  });

  it('puts the pinned note first on a profile and lets only its author pin it', async () => {
    const writer = await registerUser(test.app, 'pinner');
    const first = await publishedPost(test.app, writer.auth, admin.auth, { title: '第一篇' });
    const second = await publishedPost(test.app, writer.auth, admin.auth, { title: '第二篇' });
    const third = await publishedPost(test.app, writer.auth, admin.auth, { title: '第三篇' });

    const pin = await send('POST', '/api/users/pin-post', writer.auth, { postId: first.id });
    expect(pin.json()).toEqual({ success: true, pinnedPostId: first.id });
    const page1 = (await get(`/api/posts/user/${writer.user.id}?limit=2`)).json<PostList>();
    expect(page1.posts.map((card) => [card.id, card.isPinned])).toEqual([
      [first.id, true],
      [third.id, false],
    ]);
    expect(page1).toMatchObject({ total: 3, pages: 2 });
    const page2 = (await get(`/api/posts/user/${writer.user.id}?limit=2&page=2`)).json<PostList>();
    expect(page2.posts.map((card) => card.id)).toEqual([second.id]);

    const stranger = await send('POST', '/api/users/pin-post', reader.auth, { postId: first.id });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ error: errorText.pinNotOwnPost });
    const missing = await send('POST', '/api/users/pin-post', writer.auth, { postId: 'x' });
    expect(missing.json()).toEqual({ error: errorText.postNotFound });

    // Unpinning another note keeps the pin; unpinning the pinned one clears it.
    const other = await send('POST', '/api/users/unpin-post', writer.auth, { postId: second.id });
    expect(other.json()).toEqual({ success: true, pinnedPostId: first.id });
    const unpin = await send('POST', '/api/users/unpin-post', writer.auth, { postId: first.id });
    expect(unpin.json()).toEqual({ success: true, pinnedPostId: null });
    const after = (await get(`/api/posts/user/${writer.user.id}`)).json<PostList>();
    expect(after.posts.map((card) => card.id)).toEqual([third.id, second.id, first.id]);
  });

  it('pages the feed by category and order, clamping the page size to 100', async () => {
    const writer = await registerUser(test.app, 'feeder');
    const design = await publishedPost(test.app, writer.auth, admin.auth, { categoryId: '3' });
    const older = await publishedPost(test.app, writer.auth, admin.auth, { categoryId: '3' });
    await send('POST', `/api/posts/${design.id}/like`, reader.auth);

    const newest = (await get('/api/posts?category=design')).json<PostList>();
    expect(newest.posts.map((card) => card.id)).toEqual([older.id, design.id]);
    const popular = (await get('/api/posts?category=3&sort=popular')).json<PostList>();
    expect(popular.posts.map((card) => card.id)).toEqual([design.id, older.id]);
    const byName = (
      await get(`/api/posts?category=${encodeURIComponent('设计')}`)
    ).json<PostList>();
    expect(byName.total).toBe(2);

    const clamped = (await get('/api/posts?limit=1000')).json<PostList>();
    expect(clamped.posts.length).toBeLessThanOrEqual(100);
    expect(clamped.pages).toBe(Math.max(1, Math.ceil(clamped.total / 100)));
    const defaults = (await get('/api/posts?limit=1')).json<PostList>();
    expect(defaults).toMatchObject({ page: 1, pages: defaults.total });

    expect((await get('/api/posts?category=nope')).json()).toEqual({
      error: errorText.categoryInvalid,
    });
    expect((await get('/api/posts?sort=random')).json()).toEqual({ error: errorText.sortInvalid });
  });

  it('shows a paid note’s preview to readers who have not bought it', async () => {
    const paragraphs = [
      '免费的开头一段。',
      '付费的第二段，讲核心内容。',
      '```ts\nconst secret = 1;\n```',
    ];
    const post = await publishedPost(test.app, author.auth, admin.auth, {
      content: paragraphs.join('\n\n'),
      price: 19.9,
    });
    const anonymous = (await get(`/api/posts/${post.id}`)).json<Post>();
    expect(anonymous).toMatchObject({ price: 19.9, canRead: false, isPaid: false });
    expect(anonymous.content).not.toContain('secret');
    const own = (await get(`/api/posts/${post.id}`, author.auth)).json<Post>();
    expect(own).toMatchObject({ canRead: true });
    expect(own.content).toContain('secret');
  });
});
