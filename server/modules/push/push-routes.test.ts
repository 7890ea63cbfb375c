import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import type { Post } from '../../../contract/post.ts';
import { publishedPost } from '../../../tests/helpers/notes-test-kit.ts';
import { startPushServiceFake } from '../../../tests/helpers/push-service-fake.ts';
import type { PushServiceFake } from '../../../tests/helpers/push-service-fake.ts';
import { issueTicket, openStream } from '../../../tests/helpers/stream-client.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

type Registered = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)('Web Push on %s', (kind) => {
  let t: TestApp;
  let fake: PushServiceFake;
  let origin: string;
  let admin: Registered;

  beforeAll(async () => {
    fake = await startPushServiceFake();
    t = await createTestApp(kind, {}, { push: { allowLoopback: true, agent: fake.agent } });
    fake.expectKey(t.app.services.push.publicKey);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    admin = await registerUser(t.app, 'admin');
    await makeAdmin(t.app, admin.user.id);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const subscribe = (who: Registered | null, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: who?.auth ?? {},
      payload,
    });
  const unsubscribe = (who: Registered | null, endpoint: string) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: who?.auth ?? {},
      payload: { endpoint },
    });
  const rowsAt = (endpoint: string) =>
    t.app.db
      .selectFrom('push_subscriptions')
      .select(['user_id', 'p256dh'])
      .where('endpoint', '=', endpoint)
      .execute();
  const comment = async (who: Registered, post: Post, content: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      headers: who.auth,
      payload: { content },
    });
    expect(response.statusCode).toBe(201);
  };
  /** A member with a published note and this device subscribed for the given kinds. */
  async function subscribedAuthor(kinds?: string[]) {
    const author = await registerUser(t.app, 'author');
    const post = await publishedPost(t.app, author.auth, admin.auth);
    const device = fake.subscribe();
    const response = await subscribe(author, { ...device, ...(kinds && { kinds }) });
    expect(response.statusCode).toBe(200);
    return { author, post, device };
  }

  it('gives anyone the VAPID public key, an uncompressed P-256 point', async () => {
    const response = await t.app.inject({ url: '/api/push/public-key' });
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json<{ publicKey: string }>();
    expect(publicKey).toBe(t.app.services.push.publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
  });

  it('refuses a visitor with 401 on both writes', async () => {
    const device = fake.subscribe();
    const post = await subscribe(null, device);
    expect(post.statusCode).toBe(401);
    expect(post.json()).toEqual({ error: errorText.loginRequired });
    const remove = await unsubscribe(null, device.endpoint);
    expect(remove.statusCode).toBe(401);
    expect(await rowsAt(device.endpoint)).toEqual([]);
  });

  it('refuses a malformed subscription with a Chinese 400', async () => {
    const member = await registerUser(t.app, 'member');
    const device = fake.subscribe();
    const cases: [object, string][] = [
      [{ ...device, endpoint: device.endpoint.replace('https:', 'http:') }, 'pushEndpointInvalid'],
      [{ ...device, endpoint: 'https://10.0.0.8/push/x' }, 'pushEndpointInvalid'],
      [{ ...device, endpoint: 'https://user:pw@push.example.com/x' }, 'pushEndpointInvalid'],
      [{ ...device, endpoint: 'not a url' }, 'pushEndpointInvalid'],
      [
        { ...device, endpoint: `https://push.example.com/${'x'.repeat(2100)}` },
        'pushEndpointInvalid',
      ],
      [{ endpoint: device.endpoint }, 'pushKeysInvalid'],
      [{ ...device, keys: { ...device.keys, p256dh: 'short' } }, 'pushKeysInvalid'],
      [{ ...device, keys: { ...device.keys, auth: device.keys.p256dh } }, 'pushKeysInvalid'],
      [{ ...device, kinds: ['like'] }, 'pushKindsInvalid'],
      [{ ...device, kinds: 'message' }, 'pushKindsInvalid'],
    ];
    for (const [payload, text] of cases) {
      const response = await subscribe(member, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toEqual({ error: errorText[text as keyof typeof errorText] });
    }
    expect(await rowsAt(device.endpoint)).toEqual([]);
  });

  it('subscribes idempotently: the same endpoint updates its row and the chosen kinds', async () => {
    const member = await registerUser(t.app, 'member');
    const device = fake.subscribe();
    const first = await subscribe(member, device);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      kinds: ['message', 'comment', 'reply', 'follow', 'review'],
    });
    const again = await subscribe(member, { ...device, kinds: ['message', 'review'] });
    expect(again.json()).toEqual({ success: true, kinds: ['message', 'review'] });
    expect(await rowsAt(device.endpoint)).toEqual([
      { user_id: Number(member.user.id), p256dh: device.keys.p256dh },
    ]);
    const me = await t.app.inject({ url: '/api/auth/me', headers: member.auth });
    expect(me.json().settings.push).toEqual({
      message: true,
      comment: false,
      reply: false,
      follow: false,
      review: true,
    });

    // Another account signing in on the same browser takes the endpoint over.
    const other = await registerUser(t.app, 'other');
    expect((await subscribe(other, device)).statusCode).toBe(200);
    expect(await rowsAt(device.endpoint)).toEqual([
      { user_id: Number(other.user.id), p256dh: device.keys.p256dh },
    ]);
  });

  it('deletes only the caller’s own subscription', async () => {
    const owner = await registerUser(t.app, 'owner');
    const stranger = await registerUser(t.app, 'stranger');
    const device = fake.subscribe();
    await subscribe(owner, device);

    const foreign = await unsubscribe(stranger, device.endpoint);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ success: true, removed: false });
    expect(await rowsAt(device.endpoint)).toHaveLength(1);

    const own = await unsubscribe(owner, device.endpoint);
    expect(own.json()).toEqual({ success: true, removed: true });
    expect(await rowsAt(device.endpoint)).toEqual([]);
    const repeat = await unsubscribe(owner, device.endpoint);
    expect(repeat.json()).toEqual({ success: true, removed: false });

    const bad = await unsubscribe(owner, 'ftp://x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: errorText.pushEndpointInvalid });
  });

  it('pushes a comment on the note of someone with no page open, signed and encrypted', async () => {
    const { author, post, device } = await subscribedAuthor();
    const reader = await registerUser(t.app, 'reader');
    const delivered = fake.next();
    await comment(reader, post, '写得真好，  学到了！');
    const delivery = await delivered;
    expect(delivery.endpoint).toBe(device.endpoint);
    expect(delivery.payload).toEqual({
      title: `${reader.user.username} 评论了你的笔记`,
      body: '写得真好， 学到了！',
      url: `/post/${post.id}`,
      tag: expect.stringMatching(/^comment-/),
    });
    expect(delivery.subject).toMatch(/^(mailto:|https:)/);
    expect(Number(delivery.headers.ttl)).toBeGreaterThan(0);
    expect(fake.rejections).toEqual([]);
    expect(author.user.id).not.toBe(reader.user.id);
  });

  it('pushes direct messages, follows and review outcomes in Chinese', async () => {
    const { author, device } = await subscribedAuthor();
    const friend = await registerUser(t.app, 'friend');

    let delivered = fake.next();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: friend.auth,
      payload: { recipientId: author.user.id, content: '周末一起写代码吗？' },
    });
    expect(sent.statusCode).toBe(200);
    expect((await delivered).payload).toEqual({
      title: `${friend.user.username} 给你发来私信`,
      body: '周末一起写代码吗？',
      url: '/messages',
      tag: `message-${friend.user.id}`,
    });

    delivered = fake.next();
    await t.app.inject({
      method: 'POST',
      url: `/api/auth/users/${author.user.id}/follow`,
      headers: friend.auth,
    });
    expect((await delivered).payload).toMatchObject({
      title: `${friend.user.username} 关注了你`,
      url: `/profile/${friend.user.id}`,
    });

    delivered = fake.next();
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: author.auth,
      payload: { title: '待审核的笔记', content: '正文内容足够长。', categoryId: '1' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/posts/admin/${pending.json<Post>().id}/review`,
      headers: admin.auth,
      payload: { status: 'rejected', reason: '内容不完整' },
    });
    expect((await delivered).payload).toMatchObject({
      title: '你的笔记未通过审核',
      body: '《待审核的笔记》：内容不完整',
    });
    expect(fake.deliveries.filter((d) => d.endpoint === device.endpoint)).toHaveLength(3);
  });

  it('sends nothing for a kind the person switched off', async () => {
    const { post, device } = await subscribedAuthor(['message']);
    const reader = await registerUser(t.app, 'reader');
    await comment(reader, post, '这一条不该推送');
    await t.app.services.pushes.idle();
    expect(fake.deliveries.some((d) => d.endpoint === device.endpoint)).toBe(false);
  });

  it('forgets a subscription the push service answers 410 for', async () => {
    const { post, device } = await subscribedAuthor();
    fake.answer(device.endpoint, 410);
    const reader = await registerUser(t.app, 'reader');
    const refused = fake.next();
    await comment(reader, post, '订阅已过期');
    await refused;
    await t.app.services.pushes.idle();
    expect(await rowsAt(device.endpoint)).toEqual([]);
  });

  it('holds the push back while a page of the site is open, and sends it once closed', async () => {
    const { author, post, device } = await subscribedAuthor();
    const reader = await registerUser(t.app, 'reader');
    const stream = await openStream(origin, await issueTicket(origin, author.token));
    try {
      await vi.waitFor(async () =>
        expect(await t.app.realtime.hasOpenPage(Number(author.user.id))).toBe(true),
      );
      await comment(reader, post, '页面开着，只在页面里提醒');
      expect((await stream.next('notification')).data).toMatchObject({ type: 'comment' });
      await t.app.services.pushes.idle();
      expect(fake.deliveries.some((d) => d.endpoint === device.endpoint)).toBe(false);
    } finally {
      stream.close();
    }
    await vi.waitFor(async () =>
      expect(await t.app.realtime.hasOpenPage(Number(author.user.id))).toBe(false),
    );
    const delivered = fake.next();
    await comment(reader, post, '页面关了，推送到设备');
    expect((await delivered).payload).toMatchObject({ body: '页面关了，推送到设备' });
  });
});
