import type * as swr from 'swr';
import { mutate } from 'swr';
import type { Cache } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../contract/page-messages';
import type { User } from '../../contract/user';
import { ApiError, api } from './api/client';
import { forgetRequests, Uncached } from './api-cache/cached-fetch';
import { apiCacheProvider } from './api-cache/swr-cache';
import {
  cancelUserRetries,
  fetchCurrentUser,
  profileCacheKey,
  retryAfterMs,
  userProfileFetcher,
  userRefreshScheduler,
  USER_RETRY_AFTER_DEFAULT_MS,
} from './user-fetch';

vi.mock('swr', async (importOriginal) => ({
  ...(await importOriginal<typeof swr>()),
  mutate: vi.fn(() => Promise.resolve(undefined)),
}));

const shown = { _id: '7', id: '7', username: '小明' } as User;
const tooMany = (retryAfter?: number) =>
  new ApiError(429, errorText.tooManyRequests, retryAfter === undefined ? {} : { retryAfter });

let swrCache: Cache;

beforeEach(() => {
  vi.useFakeTimers();
  swrCache = apiCacheProvider(new Map());
});

afterEach(() => {
  cancelUserRetries();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.mocked(mutate).mockClear();
});

async function answerOf(fetch: () => Promise<User>) {
  const answer: unknown = await fetch();
  expect(answer).toBeInstanceOf(Uncached);
  return (answer as Uncached<User>).value;
}

describe('retryAfterMs', () => {
  it('reads retryAfter in seconds, defaults to 5 s, and ignores other errors', () => {
    expect(retryAfterMs(tooMany(7))).toBe(7_000);
    expect(retryAfterMs(tooMany())).toBe(USER_RETRY_AFTER_DEFAULT_MS);
    expect(USER_RETRY_AFTER_DEFAULT_MS).toBe(5_000);
    expect(retryAfterMs(new ApiError(500, 'x'))).toBeNull();
    expect(retryAfterMs(new Error('x'))).toBeNull();
  });
});

describe('user fetch on 429', () => {
  it('passes a real answer through', async () => {
    await expect(userProfileFetcher('7', () => Promise.resolve(shown))()).resolves.toBe(shown);
  });

  it('gives a placeholder user in the loading state, then retries after 5 s', async () => {
    const load = vi.fn(() => Promise.reject(tooMany()));
    const user = await answerOf(userProfileFetcher('8', load));
    expect(user).toMatchObject({
      _id: '8',
      id: '8',
      isLoading: true,
      error: '请求过于频繁，请稍后再试',
    });
    vi.advanceTimersByTime(4_999);
    expect(mutate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(mutate).toHaveBeenCalledWith(profileCacheKey('8'));
  });

  it('keeps the user already shown while it waits the retryAfter the server asked', async () => {
    swrCache.set(profileCacheKey('7'), { data: shown });
    const fetch = userProfileFetcher('7', () => Promise.reject(tooMany(12)));
    await expect(answerOf(fetch)).resolves.toBe(shown);
    // A second 429 meanwhile does not stack a second retry.
    await answerOf(fetch);
    vi.advanceTimersByTime(11_999);
    expect(mutate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(mutate).toHaveBeenCalledTimes(1);
  });

  it('rethrows every other failure', async () => {
    const failure = new ApiError(404, errorText.userNotFound);
    await expect(userProfileFetcher('9', () => Promise.reject(failure))()).rejects.toBe(failure);
  });
});

describe('user refresh scheduler', () => {
  it('debounces requests by 300 ms and keeps refreshes at least 3 s apart', () => {
    const refresh = vi.fn();
    const scheduler = userRefreshScheduler(refresh);
    scheduler.request();
    vi.advanceTimersByTime(200);
    scheduler.request();
    vi.advanceTimersByTime(299);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    // 1 s later: the debounce alone would allow it at 1.3 s, the gap holds it to 3 s.
    vi.advanceTimersByTime(1_000);
    scheduler.request();
    vi.advanceTimersByTime(1_999);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    scheduler.request();
    scheduler.cancel();
    vi.advanceTimersByTime(10_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});

describe('fetchCurrentUser', () => {
  afterEach(() => forgetRequests());

  it('reuses the current user for 10 s unless forced, per session', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(shown);
    await fetchCurrentUser('token-a');
    await fetchCurrentUser('token-a');
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith(
      '/api/auth/me',
      expect.objectContaining({ timeoutMs: 10_000 }),
    );
    await fetchCurrentUser('token-a', { force: true });
    await fetchCurrentUser('token-b');
    expect(get).toHaveBeenCalledTimes(3);
    expect(JSON.stringify(sessionStorage)).not.toContain('token-a');
  });
});
