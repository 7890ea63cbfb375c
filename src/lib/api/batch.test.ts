import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchRequestItem } from '../../../contract/batch';
import { errorText } from '../../../contract/page-messages';
import {
  BATCH_CACHE_DEFAULT_MS,
  BATCH_CACHE_INBOX_MS,
  BATCH_CACHE_USER_MS,
  batch,
  cacheLifetime,
  clearBatchCache,
} from './batch';
import { ApiError } from './client';

type Answer = (item: BatchRequestItem) => { status: number; data?: unknown; error?: string };

/** A fake /api/batch that records every call and answers each sub-request with `answer`. */
function fakeServer(answer: Answer = (item) => ({ status: 200, data: { url: item.url } })) {
  const calls: BatchRequestItem[][] = [];
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const { requests } = JSON.parse(String(init.body)) as { requests: BatchRequestItem[] };
    calls.push(requests);
    const results = requests.map((item) => ({ id: item.id, ...answer(item) }));
    return new Response(JSON.stringify({ results }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

function respondWith(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

/** Lets queued microtasks (fetch, JSON parsing) finish under fake timers. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 1));
  localStorage.setItem('token', 'tok');
  clearBatchCache();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('queueing', () => {
  it('sends queued calls together 100 ms after the first, with the token, in order', async () => {
    const { calls, fetchMock } = fakeServer();
    const first = batch.get('/api/notifications/unread-count');
    await vi.advanceTimersByTimeAsync(60);
    const second = batch.post('/api/messages', { recipientId: '2', content: '你好' });
    await vi.advanceTimersByTimeAsync(39);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/batch');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(calls[0].map(({ url, method }) => [url, method])).toEqual([
      ['/api/notifications/unread-count', 'GET'],
      ['/api/messages', 'POST'],
    ]);
    expect(calls[0][1].data).toEqual({ recipientId: '2', content: '你好' });
    await expect(first).resolves.toEqual({ url: '/api/notifications/unread-count' });
    await expect(second).resolves.toEqual({ url: '/api/messages' });
  });

  it('sends at once when 10 calls are waiting, and queues the 11th for the next batch', async () => {
    const { calls } = fakeServer();
    const answers = Array.from({ length: 11 }, (_, index) => batch.get(`/api/posts/${index + 1}`));
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(10);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(2);
    expect(calls[1].map((item) => item.url)).toEqual(['/api/posts/11']);
    await expect(Promise.all(answers)).resolves.toHaveLength(11);
  });
});

describe('retries', () => {
  it('gives each write its own key, kept when the lost batch is sent again', async () => {
    const { calls, fetchMock } = fakeServer();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const written = batch.post('/api/posts/1/comments', { content: '评论' });
    const read = batch.get('/api/posts/1');
    const second = batch.put('/api/posts/2/like');
    await vi.advanceTimersByTimeAsync(100 + 1_000);
    await expect(written).resolves.toEqual({ url: '/api/posts/1/comments' });
    await expect(read).resolves.toEqual({ url: '/api/posts/1' });
    await expect(second).resolves.toEqual({ url: '/api/posts/2/like' });
    // The first batch never answered: sent again with the same requests, keys included.
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [sent] = calls;
    const keyOf = (item: BatchRequestItem) => item.headers?.['idempotency-key'];
    expect(keyOf(sent[0])).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(keyOf(sent[2])).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(keyOf(sent[2])).not.toBe(keyOf(sent[0]));
    expect(keyOf(sent[1])).toBeUndefined();
    const resent = JSON.parse(String(fetchMock.mock.calls[1][1].body)) as {
      requests: BatchRequestItem[];
    };
    expect(resent.requests).toEqual(sent);
  });
});

describe('errors', () => {
  it('rejects a failed sub-request with its status, its error text (or 请求失败) and its data', async () => {
    fakeServer((item) =>
      item.url === '/api/a'
        ? { status: 409, error: '已经关注过该用户', data: { error: '已经关注过该用户' } }
        : item.url === '/api/b'
          ? { status: 500, data: { detail: 'x' } }
          : { status: 204, data: null },
    );
    const a = batch.post('/api/a').catch((error: unknown) => error);
    const b = batch.get('/api/b').catch((error: unknown) => error);
    const c = batch.delete('/api/c');
    await vi.advanceTimersByTimeAsync(100);
    const failedA = (await a) as ApiError;
    expect(failedA).toBeInstanceOf(ApiError);
    expect([failedA.status, failedA.message, failedA.data]).toEqual([
      409,
      '已经关注过该用户',
      { error: '已经关注过该用户' },
    ]);
    const failedB = (await b) as ApiError;
    expect([failedB.status, failedB.message, failedB.data]).toEqual([
      500,
      errorText.requestFailed,
      { detail: 'x' },
    ]);
    await expect(c).resolves.toBeNull();
  });

  it('rejects everything with 批量请求响应格式错误 when results is not an array', async () => {
    respondWith({ results: { id: 'b1' } });
    const calls = [batch.get('/api/x'), batch.get('/api/y')];
    const outcomes = Promise.allSettled(calls);
    await vi.advanceTimersByTimeAsync(100);
    for (const outcome of await outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason.message).toBe(errorText.batchBadFormat);
    }
  });

  it('rejects every queued call with 批量请求失败 when the batch call itself fails', async () => {
    respondWith({ error: '服务器内部错误' }, 500);
    const outcomes = Promise.allSettled([batch.get('/api/x'), batch.put('/api/y', {})]);
    await vi.advanceTimersByTimeAsync(100);
    for (const outcome of await outcomes) {
      const reason = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(reason.message).toBe(errorText.batchFailed);
      expect(reason.status).toBe(500);
    }
  });
});

describe('GET cache', () => {
  it('keeps answers 60 s by default, 30 s for the inbox paths and 5 min for user data', () => {
    expect(cacheLifetime('/api/posts?page=1')).toBe(BATCH_CACHE_DEFAULT_MS);
    expect(cacheLifetime('/api/notifications?page=1')).toBe(BATCH_CACHE_INBOX_MS);
    expect(cacheLifetime('/api/messages/conversations')).toBe(BATCH_CACHE_INBOX_MS);
    expect(cacheLifetime('/api/anything/unread-count')).toBe(BATCH_CACHE_INBOX_MS);
    expect(cacheLifetime('/api/posts/user/5/likes')).toBe(BATCH_CACHE_USER_MS);
  });

  async function load(url: string) {
    const answer = batch.get(url);
    await vi.advanceTimersByTimeAsync(100);
    return answer;
  }

  it('answers a repeated GET from the cache until it expires', async () => {
    const { calls } = fakeServer();
    await load('/api/posts');
    await vi.advanceTimersByTimeAsync(BATCH_CACHE_DEFAULT_MS - 200);
    await load('/api/posts');
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await load('/api/posts');
    expect(calls).toHaveLength(2);

    await load('/api/notifications');
    await vi.advanceTimersByTimeAsync(BATCH_CACHE_INBOX_MS);
    await load('/api/notifications');
    expect(calls).toHaveLength(4);

    await load('/api/posts/user/1');
    await vi.advanceTimersByTimeAsync(BATCH_CACHE_USER_MS - 1000);
    await load('/api/posts/user/1');
    expect(calls).toHaveLength(5);
  });

  it('lets an unread count live 5 s longer per hit, up to 60 s', async () => {
    const { calls } = fakeServer();
    const url = '/api/notifications/unread-count';
    await load(url);
    // Stored at t=100 ms with 30 s; six hits stretch it to 60 s, never further.
    for (let hit = 0; hit < 8; hit += 1) {
      await vi.advanceTimersByTimeAsync(1000);
      await expect(batch.get(url)).resolves.toEqual({ url });
    }
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000 - 8000 - 200);
    await expect(batch.get(url)).resolves.toEqual({ url });
    await vi.advanceTimersByTimeAsync(200);
    await load(url);
    expect(calls).toHaveLength(2);
  });

  it('skips the cache when forced, and forgets a resource after a write to it', async () => {
    const { calls } = fakeServer();
    await load('/api/notifications/unread-count');
    await load('/api/posts');
    const forced = batch.get('/api/notifications/unread-count', { force: true });
    await vi.advanceTimersByTimeAsync(100);
    await forced;
    expect(calls).toHaveLength(3);
    const write = batch.put('/api/notifications/mark-all-read');
    await vi.advanceTimersByTimeAsync(100);
    await write;
    await load('/api/notifications/unread-count');
    await load('/api/posts');
    expect(calls.flat().map((item) => item.url)).toEqual([
      '/api/notifications/unread-count',
      '/api/posts',
      '/api/notifications/unread-count',
      '/api/notifications/mark-all-read',
      '/api/notifications/unread-count',
    ]);
  });

  it('keeps one account’s answers from another', async () => {
    const { calls } = fakeServer();
    await load('/api/notifications');
    localStorage.setItem('token', 'someone-else');
    await load('/api/notifications');
    expect(calls).toHaveLength(2);
  });

  it('makes an identical GET wait for the one in flight and reuse its answer', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = fakeServer();
    const slowFetch = vi.mocked(fetch);
    const fastImplementation = slowFetch.getMockImplementation()!;
    slowFetch.mockImplementationOnce(async (...args) => {
      await gate;
      return fastImplementation(...args);
    });
    const first = batch.get('/api/messages/conversations');
    await vi.advanceTimersByTimeAsync(100);
    const second = batch.get('/api/messages/conversations');
    await vi.advanceTimersByTimeAsync(50 * 4);
    release();
    await vi.advanceTimersByTimeAsync(50);
    await expect(first).resolves.toEqual({ url: '/api/messages/conversations' });
    await expect(second).resolves.toEqual({ url: '/api/messages/conversations' });
    expect(calls).toHaveLength(1);
  });
});
