import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageRef } from '../../../contract/post.ts';
import { registerUser, createTestApp, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)('POST /api/posts/cover on %s', (kind) => {
  let t: TestApp;
  let writer: User;
  let other: User;

  const cover = (payload: unknown, who: User | null = writer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/posts/cover',
      payload: payload as object,
      headers: who?.auth ?? {},
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    [writer, other] = await Promise.all([
      registerUser(t.app, 'coverer'),
      registerUser(t.app, 'other'),
    ]);
  });
  afterAll(() => t.close());

  it('asks who is writing', async () => {
    const response = await cover({ title: '标题' }, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it.each([
    [{}, '请输入标题'],
    [{ title: '   ' }, '请输入标题'],
    [{ title: 42 }, '请输入标题'],
    [{ title: '字'.repeat(101) }, '标题不能超过 100 个字符'],
    [{ title: '标题', style: 'neon' }, '封面样式无效'],
  ])('refuses %j with a Chinese message', async (payload, error) => {
    const response = await cover(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
  });

  it('stores the cover as the writer’s upload, which a note can use', async () => {
    const response = await cover({ title: '用 AI 结对编程一个月', style: 'night' });
    expect(response.statusCode).toBe(200);
    const image = response.json<ImageRef>();
    expect(image).toMatchObject({
      url: expect.stringMatching(/^\/api\/uploads\/[A-Za-z0-9_-]+\.jpg$/),
      width: 810,
      height: 1080,
    });
    const file = await t.app.inject({ url: image.url });
    expect(file.statusCode).toBe(200);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 810 });

    const categories = (await t.app.inject({ url: '/api/categories' })).json<
      Array<{ id: string }> | { categories: Array<{ id: string }> }
    >();
    const list = Array.isArray(categories) ? categories : categories.categories;
    const note = {
      title: '用 AI 结对编程一个月',
      content: '正文',
      categoryId: list[0].id,
      images: [{ url: image.url }],
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: note,
      headers: writer.auth,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<{ cover: ImageRef }>().cover.url).toBe(image.url);
    // Like any upload, it is the writer's own: another account cannot put it in a note.
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: note,
      headers: other.auth,
    });
    expect(taken.statusCode).toBe(400);
  });

  it('chooses a card from the title when none is asked', async () => {
    const [first, second] = await Promise.all([
      cover({ title: '同一个标题' }),
      cover({ title: '同一个标题' }),
    ]);
    expect(first.statusCode).toBe(200);
    const [a, b] = await Promise.all(
      [first, second].map(
        async (response) => (await t.app.inject({ url: response.json<ImageRef>().url })).rawPayload,
      ),
    );
    expect(a.equals(b)).toBe(true);
  });
});
