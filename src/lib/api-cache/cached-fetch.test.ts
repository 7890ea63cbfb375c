import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCacheKey } from './cache-key';
import { cachedFetch, forgetRequests, rememberAnswer, uncached } from './cached-fetch';
import { readEntry } from './entry-store';
import { apiCachePolicies } from './policies';

function counter<T>(answer: T) {
  return vi.fn(() => Promise.resolve(answer));
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 1));
});

afterEach(() => {
  forgetRequests();
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the cache life cycle', () => {
  it('shares one request between identical calls in flight', async () => {
    const pending = deferred<string>();
    const load = vi.fn(() => pending.promise);
    const first = cachedFetch('posts', { page: 1 }, load);
    const second = cachedFetch('posts', { page: 1 }, load, { force: true });
    const other = cachedFetch('posts', { page: 2 }, load);
    pending.resolve('page');
    await expect(Promise.all([first, second, other])).resolves.toEqual(['page', 'page', 'page']);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('returns a fresh stored answer without a request, and stores what it fetched', async () => {
    const load = counter({ total: 1 });
    await cachedFetch('stats', {}, load);
    expect(readEntry(apiCacheKey('stats'), apiCachePolicies.default)).toEqual({
      data: { total: 1 },
      timestamp: Date.now(),
    });
    vi.advanceTimersByTime(59_999);
    await expect(cachedFetch('stats', {}, load)).resolves.toEqual({ total: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await cachedFetch('stats', {}, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks the server when forced', async () => {
    const load = counter('answer');
    await cachedFetch('stats', {}, load);
    await cachedFetch('stats', {}, load, { force: true });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('logs and rethrows a failure, caches nothing and clears the in-flight marker', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('offline');
    const load = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce('answer');
    await expect(cachedFetch('stats', {}, load)).rejects.toBe(failure);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('api_cache:stats'), failure);
    expect(localStorage.getItem(apiCacheKey('stats'))).toBeNull();
    await expect(cachedFetch('stats', {}, load)).resolves.toBe('answer');
  });

  it('passes an uncached fallback on without storing or reusing it', async () => {
    const load = vi
      .fn()
      .mockResolvedValueOnce(uncached('placeholder'))
      .mockResolvedValueOnce('real');
    await expect(cachedFetch('profile', { id: '1' }, load)).resolves.toBe('placeholder');
    expect(sessionStorage.getItem(apiCacheKey('profile', { id: '1' }))).toBeNull();
    await expect(cachedFetch('profile', { id: '1' }, load)).resolves.toBe('real');
  });

  it('stores an answer learnt elsewhere', async () => {
    rememberAnswer('followStatus', { viewer: '1', userId: '2' }, true);
    const load = counter(false);
    await expect(cachedFetch('followStatus', { viewer: '1', userId: '2' }, load)).resolves.toBe(
      true,
    );
    expect(load).not.toHaveBeenCalled();
  });
});

describe('the lifetimes of SPEC.md section 9', () => {
  it.each([
    ['userInfo', 60_000],
    ['profile', 5 * 60_000],
    ['followStatus', 2 * 60_000],
    ['favorites', 30_000],
    ['likedPosts', 30_000],
    ['unreadCount', 60_000],
    ['following', 30_000],
    ['posts', 10_000],
  ])('%s answers are reused for %i ms', async (name, ttl) => {
    const load = counter('answer');
    await cachedFetch(name, {}, load);
    vi.advanceTimersByTime(ttl - 1);
    await cachedFetch(name, {}, load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await cachedFetch(name, {}, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('current user: 10 s after a reload unless forced, 30 s apart within a page', async () => {
    const load = counter({ _id: '1' });
    await cachedFetch('currentUser', {}, load);
    vi.advanceTimersByTime(10_000);
    // The stored copy is too old now, but this page asked less than 30 s ago.
    expect(readEntry(apiCacheKey('currentUser'), apiCachePolicies.currentUser)).toBeNull();
    await cachedFetch('currentUser', {}, load);
    expect(load).toHaveBeenCalledTimes(1);
    await cachedFetch('currentUser', {}, load, { force: true });
    expect(load).toHaveBeenCalledTimes(2);
    forgetRequests();
    vi.advanceTimersByTime(9_999);
    await cachedFetch('currentUser', {}, load);
    expect(load).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    await cachedFetch('currentUser', {}, load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('favorites: forced calls within 1 s share one request; the marker goes after 3 s', async () => {
    const load = counter(['p1']);
    await cachedFetch('favorites', {}, load, { force: true });
    vi.advanceTimersByTime(999);
    await cachedFetch('favorites', {}, load, { force: true });
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await cachedFetch('favorites', {}, load, { force: true });
    expect(load).toHaveBeenCalledTimes(2);
    // Unforced calls within 3 s of that request share it even without a stored copy.
    localStorage.clear();
    sessionStorage.clear();
    vi.advanceTimersByTime(2_999);
    await cachedFetch('favorites', {}, load);
    expect(load).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    await cachedFetch('favorites', {}, load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('unread counts: forced calls are 10 s apart; posts: 3 s', async () => {
    for (const [name, interval] of [
      ['unreadCount', 10_000],
      ['posts', 3_000],
    ] as const) {
      const load = counter(0);
      await cachedFetch(name, {}, load, { force: true });
      vi.advanceTimersByTime(interval - 1);
      await cachedFetch(name, {}, load, { force: true });
      expect(load).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      await cachedFetch(name, {}, load, { force: true });
      expect(load).toHaveBeenCalledTimes(2);
    }
  });

  it('liked posts: the first request answers every call for 30 s, forced too', async () => {
    const load = counter([]);
    await cachedFetch('likedPosts', { userId: '1' }, load);
    vi.advanceTimersByTime(29_999);
    await cachedFetch('likedPosts', { userId: '1' }, load, { force: true });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
