import { act, render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitAppEvent } from '../auth-events';
import { apiCacheKey } from './cache-key';
import { cachedFetch } from './cached-fetch';
import { writeEntry } from './entry-store';
import { apiCachePolicies } from './policies';
import { apiCacheConfig, clearApiCache, startApiCacheLifecycle, swrKeys } from './swr-cache';

let serial = 0;
let id: string;

function Profile({ userId, load }: { userId: string; load: () => Promise<string> }) {
  const { data, mutate } = useSWR(apiCacheKey('profile', { id: userId }), load);
  return (
    <button type="button" onClick={() => void mutate()}>
      {data ?? '…'}
    </button>
  );
}

function renderProfile(load: () => Promise<string>) {
  return render(
    <SWRConfig value={apiCacheConfig}>
      <Profile userId={id} load={load} />
    </SWRConfig>,
  );
}

beforeEach(() => {
  // Only the clock is faked: SWR schedules its own work with real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2026, 0, 1));
  serial += 1;
  id = `u${serial}`;
});

afterEach(async () => {
  await clearApiCache();
  vi.useRealTimers();
});

describe('the API cache on SWR', () => {
  it('fetches once, stores {data, timestamp} and shows the answer', async () => {
    const load = vi.fn(() => Promise.resolve('小明'));
    renderProfile(load);
    await screen.findByText('小明');
    expect(load).toHaveBeenCalledTimes(1);
    const stored = JSON.parse(sessionStorage.getItem(apiCacheKey('profile', { id })) ?? '');
    expect(stored).toEqual({ data: '小明', timestamp: Date.UTC(2026, 0, 1) });
  });

  it('shows a fresh stored answer of an earlier visit without asking the server', async () => {
    writeEntry(apiCacheKey('profile', { id }), '存储的小明', apiCachePolicies.profile);
    const load = vi.fn(() => Promise.resolve('新的小明'));
    renderProfile(load);
    // Seeded by the provider: there on the first render, no loading state.
    expect(screen.getByText('存储的小明')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).not.toHaveBeenCalled();
    expect(swrKeys()).toContain(apiCacheKey('profile', { id }));
  });

  it('asks the server when the stored answer is older than the policy allows', async () => {
    writeEntry(apiCacheKey('profile', { id }), '旧的小明', apiCachePolicies.profile);
    vi.setSystemTime(Date.UTC(2026, 0, 1) + 5 * 60_000);
    renderProfile(() => Promise.resolve('新的小明'));
    await screen.findByText('新的小明');
  });

  it('asks the server on an explicit revalidation even while fresh', async () => {
    const load = vi.fn().mockResolvedValueOnce('一').mockResolvedValueOnce('二');
    renderProfile(load);
    (await screen.findByText('一')).click();
    await screen.findByText('二');
  });

  it('shares one request between a hook and a plain call, and publishes plain answers', async () => {
    let finish!: (value: string) => void;
    const load = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    renderProfile(load);
    const plain = cachedFetch('profile', { id }, () => Promise.resolve('另一个请求'));
    act(() => finish('同一个请求'));
    await expect(plain).resolves.toBe('同一个请求');
    await screen.findByText('同一个请求');
    expect(load).toHaveBeenCalledTimes(1);

    await act(() =>
      cachedFetch('profile', { id }, () => Promise.resolve('推送的答案'), { force: true }),
    );
    await screen.findByText('推送的答案');
  });

  it('leaves keys that are not api_cache: keys to SWR alone', async () => {
    function Plain() {
      const { data } = useSWR(`plain-${id}`, () => Promise.resolve('普通'));
      return <p>{data}</p>;
    }
    render(
      <SWRConfig value={apiCacheConfig}>
        <Plain />
      </SWRConfig>,
    );
    await screen.findByText('普通');
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });

  it('clears one API or all of them, stored and in memory', async () => {
    writeEntry(apiCacheKey('profile', { id }), 'p', apiCachePolicies.profile);
    writeEntry(apiCacheKey('posts', { page: 1 }), 'q', apiCachePolicies.posts);
    await expect(clearApiCache('profile')).resolves.toBe(1);
    expect(localStorage.getItem(apiCacheKey('posts', { page: 1 }))).not.toBeNull();
    await expect(clearApiCache()).resolves.toBe(1);
  });

  it('forgets the cached current user when the user changes without a fetch', () => {
    const stop = startApiCacheLifecycle();
    writeEntry(
      apiCacheKey('currentUser', { session: 's' }),
      { username: '旧名字' },
      apiCachePolicies.currentUser,
    );
    writeEntry(apiCacheKey('profile', { id }), 'p', apiCachePolicies.profile);
    emitAppEvent('auth-change', { reason: 'user-updated' });
    stop();
    expect(sessionStorage.getItem(apiCacheKey('currentUser', { session: 's' }))).toBeNull();
    expect(sessionStorage.getItem(apiCacheKey('profile', { id }))).not.toBeNull();
  });

  it('forgets every answer when the session ends', async () => {
    const stop = startApiCacheLifecycle();
    writeEntry(
      apiCacheKey('followStatus', { viewer: '1', userId: '2' }),
      true,
      apiCachePolicies.followStatus,
    );
    emitAppEvent('auth-change', { reason: 'user-updated' });
    expect(sessionStorage.length).toBe(1);
    emitAppEvent('auth-change', { reason: 'logout' });
    expect(sessionStorage.length).toBe(0);
    stop();
  });
});
