import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../../contract/page-messages';
import { onAppEvent } from '../auth-events';
import { ApiError, api, isCancelled, setUnauthorizedRedirect } from './client';

type FetchArgs = [url: string, init: RequestInit];

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch that never answers until its signal aborts, like a stalled connection. */
function stalledFetch(record: number[] = []) {
  return vi.fn((_url: string, init: RequestInit) => {
    const started = Date.now();
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => {
        record.push(Date.now() - started);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  });
}

function headersOf(fetchMock: ReturnType<typeof vi.fn>, call = 0): Record<string, string> {
  return (fetchMock.mock.calls[call] as unknown as FetchArgs)[1].headers as Record<string, string>;
}

function urlOf(fetchMock: ReturnType<typeof vi.fn>, call = 0): URL {
  return new URL((fetchMock.mock.calls[call] as unknown as FetchArgs)[0], 'http://localhost');
}

let clock = Date.UTC(2026, 0, 1);
const redirect = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  // Each test starts well past the previous one's 401 cooldown.
  clock += 3_600_000;
  vi.setSystemTime(clock);
  setUnauthorizedRedirect(redirect);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  redirect.mockReset();
});

describe('headers', () => {
  it('sends the bearer token and a fresh request id', async () => {
    localStorage.setItem('token', 'abc');
    const fetchMock = vi.fn(async () => jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/api/auth/me');
    await api.get('/api/auth/me');
    expect(headersOf(fetchMock).authorization).toBe('Bearer abc');
    expect(headersOf(fetchMock)['x-request-id']).toMatch(/\S{8,}/);
    expect(headersOf(fetchMock)['x-request-id']).not.toBe(headersOf(fetchMock, 1)['x-request-id']);
  });

  it.each([
    '/api/auth/login',
    '/api/auth/login/phone',
    '/api/auth/register',
    '/api/auth/register/wechat',
    '/api/uploads/a.png',
    '/api/public/stats',
  ])('sends no token on the public call %s', async (path) => {
    localStorage.setItem('token', 'abc');
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    await api.post(path, { a: 1 });
    expect(headersOf(fetchMock).authorization).toBeUndefined();
  });

  it('sends no token when none is stored', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/api/posts');
    expect(headersOf(fetchMock).authorization).toBeUndefined();
  });
});

describe('GET', () => {
  it('adds the query, a _t timestamp and no-cache headers', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ posts: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/api/posts', { query: { search: '编程 AI', page: 2, skip: undefined } });
    const url = urlOf(fetchMock);
    expect(url.pathname).toBe('/api/posts');
    expect(url.searchParams.get('search')).toBe('编程 AI');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.has('skip')).toBe(false);
    expect(url.searchParams.get('_t')).toBe(String(clock));
    expect(headersOf(fetchMock)['cache-control']).toBe('no-cache');
    expect(headersOf(fetchMock).pragma).toBe('no-cache');
  });

  it('adds no timestamp to writes', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    await api.put('/api/auth/me', { bio: 'hi' });
    expect(urlOf(fetchMock).searchParams.has('_t')).toBe(false);
  });
});

describe('bodies', () => {
  it('sends JSON with its content type and parses the JSON answer', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ token: 't' }));
    vi.stubGlobal('fetch', fetchMock);
    const answer = await api.post<{ token: string }>('/api/auth/login', { username: 'a' });
    expect(answer.token).toBe('t');
    const init = (fetchMock.mock.calls[0] as unknown as FetchArgs)[1];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"username":"a"}');
    expect(headersOf(fetchMock)['content-type']).toBe('application/json');
  });

  it('sends no content type without a body, and reads an empty answer as undefined', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/api/auth/logout')).resolves.toBeUndefined();
    expect(headersOf(fetchMock)['content-type']).toBeUndefined();
  });
});

describe('timeouts and retries', () => {
  it('gives up after 30 s plus three retries, as 408 with the timeout text', async () => {
    const aborts: number[] = [];
    const fetchMock = stalledFetch(aborts);
    vi.stubGlobal('fetch', fetchMock);
    const result = api.get('/api/posts').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(30_000 + 1_000 + 20_000 + 2_000 + 25_000 + 3_000 + 30_000);
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(408);
    expect((error as ApiError).message).toBe(errorText.timeout);
    // First attempt 30 s, then 15 s + 5 s per attempt.
    expect(aborts).toEqual([30_000, 20_000, 25_000, 30_000]);
  });

  it('waits 1 s times the attempt number before each retry after a network error', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse({ ok: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    const result = api.get<{ ok: number }>('/api/posts');
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toEqual({ ok: 1 });
  });

  it('fails with the network text after the last retry', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    const result = api.get('/api/posts').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(6_000);
    const error = (await result) as ApiError;
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(error.status).toBe(0);
    expect(error.message).toBe(errorText.networkLost);
  });

  it('retries a write under one idempotency key, made per call', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse({ liked: true }))
      .mockResolvedValueOnce(jsonResponse({ liked: false }));
    vi.stubGlobal('fetch', fetchMock);
    const first = api.post('/api/posts/1/like');
    await vi.advanceTimersByTimeAsync(1_000);
    await first;
    await api.post('/api/posts/1/like');
    const keys = [0, 1, 2].map((call) => headersOf(fetchMock, call)['idempotency-key']);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('sends the caller’s key, and no key on reads', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    await api.put('/api/posts/1', { title: 'x' }, { idempotencyKey: 'edit-1' });
    await api.get('/api/posts/1');
    expect(headersOf(fetchMock, 0)['idempotency-key']).toBe('edit-1');
    expect(headersOf(fetchMock, 1)['idempotency-key']).toBeUndefined();
  });

  it('never sends a write without a key again once it may have reached the server', async () => {
    const failing = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', failing);
    const lost = await api
      .delete('/api/comments/1', { idempotencyKey: false })
      .catch((error: unknown) => error);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(headersOf(failing)['idempotency-key']).toBeUndefined();
    expect((lost as ApiError).status).toBe(0);

    const stalled = stalledFetch();
    vi.stubGlobal('fetch', stalled);
    const late = api
      .post('/api/messages', { content: '你好' }, { idempotencyKey: false })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(((await late) as ApiError).status).toBe(408);
    expect(stalled).toHaveBeenCalledTimes(1);
  });

  it('does not retry a network failure while the browser is offline', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    const error = (await api.get('/api/x').catch((e: unknown) => e)) as ApiError;
    offline.mockRestore();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error.status).toBe(0);
    expect(error.message).toBe(errorText.networkLost);
  });

  it('never retries an answer from the server', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ error: '服务器内部错误' }, 500));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/api/posts')).rejects.toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('times password login out after 15 s with the login text and no retry', async () => {
    const aborts: number[] = [];
    const fetchMock = stalledFetch(aborts);
    vi.stubGlobal('fetch', fetchMock);
    const result = api.post('/api/auth/login', {}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(15_000);
    const error = (await result) as ApiError;
    expect(error.status).toBe(408);
    expect(error.message).toBe(errorText.loginTimeout);
    expect(aborts).toEqual([15_000]);
  });

  it('honours timeoutMs and retries from the caller', async () => {
    const aborts: number[] = [];
    vi.stubGlobal('fetch', stalledFetch(aborts));
    const result = api.get('/api/x', { timeoutMs: 500, retries: 1 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500 + 1_000 + 20_000);
    expect(((await result) as ApiError).status).toBe(408);
    expect(aborts).toEqual([500, 20_000]);
  });

  it('stops at once, without retrying, when the caller cancels', async () => {
    const fetchMock = stalledFetch();
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const result = api.get('/api/posts', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    const error = await result;
    expect(isCancelled(error)).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('errors', () => {
  it('reads the message from the error field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: '用户名已被占用' }, 409)),
    );
    const error = (await api.post('/api/auth/register', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('用户名已被占用');
    expect(error.data).toEqual({ error: '用户名已被占用' });
  });

  it('falls back to the caller default, then to the generic text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    await expect(api.get('/api/x', { errorMessage: errorText.likeFailed })).rejects.toThrow(
      errorText.likeFailed,
    );
    await expect(api.get('/api/x')).rejects.toThrow(errorText.requestFailed);
  });
});

describe('401', () => {
  function unauthorized() {
    return vi.fn(async () => jsonResponse({ error: errorText.sessionExpired }, 401));
  }

  it('clears token and user, tells the app and goes to /login', async () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('user', '{"_id":"1"}');
    vi.stubGlobal('fetch', unauthorized());
    const changes: unknown[] = [];
    const stop = onAppEvent('auth-change', (detail) => changes.push(detail));
    await expect(api.get('/api/notifications')).rejects.toMatchObject({ status: 401 });
    stop();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(changes).toEqual([{ reason: 'expired' }]);
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('handles it at most once per 10 s', async () => {
    vi.stubGlobal('fetch', unauthorized());
    localStorage.setItem('token', 'abc');
    await api.get('/api/notifications').catch(() => undefined);
    localStorage.setItem('token', 'def');
    vi.setSystemTime(clock + 9_999);
    await api.get('/api/notifications').catch(() => undefined);
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBe('def');
    vi.setSystemTime(clock + 10_000);
    await api.get('/api/notifications').catch(() => undefined);
    expect(redirect).toHaveBeenCalledTimes(2);
  });

  it.each([
    '/api/posts/1/like',
    '/api/posts/1/comments',
    '/api/comments/9',
    '/api/posts/user/likes',
    '/api/payments/orders',
    '/api/auth/login',
  ])('keeps the session on %s', async (path) => {
    localStorage.setItem('token', 'abc');
    vi.stubGlobal('fetch', unauthorized());
    await expect(api.post(path, {})).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBe('abc');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('raises auth-expired on admin calls', async () => {
    localStorage.setItem('token', 'abc');
    vi.stubGlobal('fetch', unauthorized());
    const expired = vi.fn();
    const stop = onAppEvent('auth-expired', expired);
    await api.get('/api/posts/admin/pending').catch(() => undefined);
    stop();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('only rejects when the caller handles 401 itself, or sent no token', async () => {
    vi.stubGlobal('fetch', unauthorized());
    await api.get('/api/notifications').catch(() => undefined);
    localStorage.setItem('token', 'abc');
    const options = { redirectOnUnauthorized: false };
    await expect(api.get('/api/auth/me', options)).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBe('abc');
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('upload', () => {
  class FakeXhr {
    static last: FakeXhr;
    method = '';
    url = '';
    headers: Record<string, string> = {};
    status = 0;
    statusText = '';
    responseText = '';
    body: unknown;
    private listeners: Record<string, () => void> = {};
    upload = {
      listeners: [] as ((event: ProgressEvent) => void)[],
      addEventListener(_name: string, listener: (event: ProgressEvent) => void) {
        this.listeners.push(listener);
      },
    };
    constructor() {
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    addEventListener(name: string, listener: () => void) {
      this.listeners[name] = listener;
    }
    send(body: unknown) {
      this.body = body;
    }
    abort() {
      this.listeners.abort?.();
    }
    progress(loaded: number, total: number) {
      for (const listener of this.upload.listeners) {
        listener({ lengthComputable: true, loaded, total } as ProgressEvent);
      }
    }
    finish(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.listeners.load?.();
    }
  }

  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));

  it('posts the form with the token and reports progress', async () => {
    localStorage.setItem('token', 'abc');
    const progress: number[] = [];
    const form = new FormData();
    const result = api.upload<{ url: string }>('/api/posts/upload', form, {
      onProgress: (percent) => progress.push(percent),
    });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.body).toBe(form);
    expect(xhr.headers.authorization).toBe('Bearer abc');
    expect(xhr.headers['x-request-id']).toBeTruthy();
    xhr.progress(50, 200);
    xhr.finish(200, { url: '/uploads/a.png' });
    await expect(result).resolves.toEqual({ url: '/uploads/a.png' });
    expect(progress).toEqual([25, 100]);
  });

  it('rejects with the server text, or the upload default', async () => {
    const first = api.upload('/api/posts/upload', new FormData());
    FakeXhr.last.finish(400, { error: errorText.uploadTooLarge });
    await expect(first).rejects.toMatchObject({ status: 400, message: errorText.uploadTooLarge });
    const second = api.upload('/api/posts/upload', new FormData());
    FakeXhr.last.finish(500, {});
    await expect(second).rejects.toThrow(errorText.uploadFailed);
  });

  it('sends the idempotency key it is given', () => {
    void api.upload('/api/posts/upload', new FormData(), { idempotencyKey: 'item-1-0' });
    expect(FakeXhr.last.headers['idempotency-key']).toBe('item-1-0');
    void api.upload('/api/posts/upload', new FormData());
    expect(FakeXhr.last.headers['idempotency-key']).toBeUndefined();
  });

  it('is cancelled through its signal', async () => {
    const controller = new AbortController();
    const result = api.upload('/api/posts/upload', new FormData(), { signal: controller.signal });
    controller.abort();
    expect(isCancelled(await result.catch((e: unknown) => e))).toBe(true);
  });
});
