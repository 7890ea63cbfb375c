import { describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../src/lib/outbox';
import { judgeWorkerFailure, OutboxHttpError, workerTransport } from './outbox-transport';

const item = {
  id: 'i1',
  kind: 'publish',
  idempotencyKey: 'key-1',
  body: { title: '标题', content: '正文', categoryId: '1' },
  images: [],
  ownerId: 'u1',
  authorization: 'Bearer abc',
  status: 'sending',
  error: null,
  attempts: 0,
  createdAt: 1,
  updatedAt: 1,
} as OutboxItem;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('workerTransport', () => {
  it('publishes with the stored token and the idempotency key', async () => {
    const send = vi.fn(async () => json({ id: '7' }));
    const post = await workerTransport(send).createPost(item, {
      title: '标题',
      content: '正文',
      categoryId: '1',
      images: [],
    });
    expect(post.id).toBe('7');
    const [path, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(path).toBe('/api/posts');
    expect(headers.get('authorization')).toBe('Bearer abc');
    expect(headers.get('idempotency-key')).toBe('key-1');
  });

  it('turns a refusal into an error carrying the server’s text', async () => {
    const send = vi.fn(async () => json({ error: '请选择有效的分类' }, 400));
    const failure = await workerTransport(send)
      .createPost(item, { title: 't', content: 'c', categoryId: '1' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OutboxHttpError);
    expect(judgeWorkerFailure(failure)).toEqual({ transient: false, message: '请选择有效的分类' });
  });
});

describe('judgeWorkerFailure', () => {
  it('waits out the network, timeouts, rate limits and server faults', () => {
    expect(judgeWorkerFailure(new TypeError('Failed to fetch')).transient).toBe(true);
    expect(judgeWorkerFailure(new OutboxHttpError(503, '服务器内部错误')).transient).toBe(true);
    expect(judgeWorkerFailure(new OutboxHttpError(429, '请求过于频繁')).transient).toBe(true);
  });

  it('asks to sign in again after a 401', () => {
    expect(judgeWorkerFailure(new OutboxHttpError(401, 'x'))).toEqual({
      transient: false,
      message: '登录已过期，请重新登录',
    });
  });
});
