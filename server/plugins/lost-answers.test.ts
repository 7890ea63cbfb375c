import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import {
  sendThrough,
  startAnswerDroppingProxy,
} from '../../tests/helpers/answer-dropping-proxy.ts';
import type { AnswerDroppingProxy } from '../../tests/helpers/answer-dropping-proxy.ts';
import { publishedPost } from '../../tests/helpers/notes-test-kit.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

interface WriteKind {
  name: string;
  method: 'POST' | 'PUT';
  path: () => string;
  body: () => unknown;
  signedIn: boolean;
  /** Rows the write leaves behind: exactly one after the lost answer and the retry. */
  count: () => Promise<number>;
}

/**
 * Each write's answer is lost on the way back (the request reached the server, the connection
 * is cut before the client reads a byte), then the client retries with the same key: the state
 * must be as if the write happened once, and the retry gets the first answer.
 */
describe.each(testDatabases)('a write whose answer was lost, retried with its key (%s)', (kind) => {
  let test: TestApp;
  let proxy: AnswerDroppingProxy;
  let alice: User;
  let bob: User;
  let postId: string;

  const countOf = async (table: keyof Database, where: Record<string, number>) => {
    const conditions = Object.entries(where).map(
      ([column, value]) => sql`${sql.ref(column)} = ${value}`,
    );
    const filter = conditions.length > 0 ? sql` WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM ${sql.table(table)}${filter}`.execute(test.app.db);
    return Number(rows[0].n);
  };

  beforeAll(async () => {
    test = await createTestApp(kind);
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    proxy = await startAnswerDroppingProxy((test.app.server.address() as AddressInfo).port);
    alice = await registerUser(test.app, 'alice');
    bob = await registerUser(test.app, 'bob');
    const admin = await registerUser(test.app, 'admin');
    await makeAdmin(test.app, admin.user.id);
    postId = (await publishedPost(test.app, bob.auth, admin.auth)).id;
  });
  afterAll(async () => {
    await proxy.close();
    await test.close();
  });

  const aliceId = () => Number(alice.user.id);
  const writes: WriteKind[] = [
    {
      name: 'like',
      method: 'POST',
      path: () => `/api/posts/${postId}/like`,
      body: () => undefined,
      signedIn: true,
      count: () => countOf('likes', { user_id: aliceId(), post_id: Number(postId) }),
    },
    {
      name: 'favorite',
      method: 'POST',
      path: () => `/api/posts/${postId}/favorite`,
      body: () => undefined,
      signedIn: true,
      count: () => countOf('favorites', { user_id: aliceId(), post_id: Number(postId) }),
    },
    {
      name: 'comment',
      method: 'POST',
      path: () => `/api/posts/${postId}/comments`,
      body: () => ({ content: '网络不好时发的评论' }),
      signedIn: true,
      count: () => countOf('comments', { author_id: aliceId(), post_id: Number(postId) }),
    },
    {
      name: 'message',
      method: 'POST',
      path: () => '/api/messages',
      body: () => ({ recipientId: bob.user.id, content: '你好，这条消息只该到一次' }),
      signedIn: true,
      count: () => countOf('messages', { sender_id: aliceId() }),
    },
    {
      name: 'publish',
      method: 'POST',
      path: () => '/api/posts',
      body: () => ({ title: '地铁里发布的笔记', content: '信号时有时无。', categoryId: '1' }),
      signedIn: true,
      count: () => countOf('posts', { author_id: aliceId() }),
    },
    {
      name: 'draft save',
      method: 'POST',
      path: () => '/api/drafts',
      body: () => ({
        clientId: 'lost-answer-draft',
        title: '草稿',
        data: { content: '正文', categoryId: null, tags: [], images: [], price: 0 },
        editedAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
      }),
      signedIn: true,
      count: async () =>
        (await countOf('drafts', { user_id: aliceId() })) + (await countOf('draft_versions', {})),
    },
    {
      name: 'follow',
      method: 'POST',
      path: () => `/api/auth/users/${bob.user.id}/follow`,
      body: () => undefined,
      signedIn: true,
      count: () => countOf('follows', { follower_id: aliceId() }),
    },
    {
      name: 'order creation',
      method: 'POST',
      path: () => '/api/payments/orders',
      body: () => ({ kind: 'membership', planId: 'month' }),
      signedIn: true,
      count: () => countOf('orders', { user_id: aliceId() }),
    },
    {
      name: 'register',
      method: 'POST',
      path: () => '/api/auth/register',
      body: () => ({ username: 'lost_answer', email: 'lost@example.com', password: 'secret123' }),
      signedIn: false,
      count: async () => {
        const user = await test.app.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', 'lost_answer')
          .executeTakeFirst();
        // One account, with exactly one session (the first answer's token).
        return user ? countOf('sessions', { user_id: user.id }) : 0;
      },
    },
  ];

  it.each(writes.map((write) => [write.name, write] as const))(
    '%s happens once',
    async (_name, write) => {
      const headers: Record<string, string> = {
        'idempotency-key': `lost-${write.name.replace(' ', '-')}`,
      };
      if (write.signedIn) headers.authorization = alice.auth.authorization;
      const request = { method: write.method, path: write.path(), headers, body: write.body() };

      proxy.dropAnswers = true;
      await expect(sendThrough(proxy.port, request)).rejects.toThrow();
      proxy.dropAnswers = false;
      expect(await write.count()).toBe(1);

      const retry = await sendThrough(proxy.port, request);
      expect(retry.status).toBeGreaterThanOrEqual(200);
      expect(retry.status).toBeLessThan(300);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(await write.count()).toBe(1);
    },
  );
});
