import { mutate } from 'swr';
import type { Cache, Middleware, SWRConfiguration } from 'swr';
import { onAppEvent } from '../auth-events';
import { apiNameOf } from './cache-key';
import { fetchThroughCache, forgetRequests } from './cached-fetch';
import { deleteEntries, listEntries, readEntry } from './entry-store';
import { policyOf } from './policies';

/**
 * The generic API cache on SWR. SWR's cache holds the answers in memory; what sets `api_cache:`
 * keys apart is that they also persist as {data, timestamp} (entry-store.ts), obey the lifetimes
 * of policies.ts, and share requests with calls made outside React (cached-fetch.ts).
 */

let swrCache: Cache | null = null;

/**
 * SWR's cache provider. It hands SWR back the cache it already had (the default one, so the
 * global `mutate` that features import still reaches every hook) after seeding it with the
 * stored answers of earlier visits that are still fresh.
 */
export function apiCacheProvider(parent: Readonly<Cache>): Cache {
  const cache: Cache = parent;
  swrCache = cache;
  for (const { key } of listEntries()) {
    const name = apiNameOf(key);
    if (!name || cache.get(key)?.data !== undefined) continue;
    const entry = readEntry(key, policyOf(name));
    if (entry) cache.set(key, { data: entry.data });
  }
  return cache;
}

/** What SWR's cache shows for a key now (a previous answer while a retry waits). */
export function cachedData(key: string): unknown {
  return swrCache?.get(key)?.data;
}

/** Every key SWR's cache holds (for the console statistics). */
export function swrKeys(): string[] {
  return swrCache ? [...swrCache.keys()] : [];
}

/**
 * SWR middleware for `api_cache:` keys (others pass untouched). While the stored answer is
 * fresh a mounting hook does not revalidate; requests go through `fetchThroughCache`, so a hook
 * and a plain call share one request. A hook with nothing to show yet takes a fresh stored
 * answer; one that already shows data and revalidates (mutate(), tab focus) asks the server.
 */
export const apiCacheMiddleware: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const name = apiNameOf(key);
  if (!name || !fetcher) return useSWRNext(key, fetcher, config);
  const cacheKey = key as string;
  const policy = policyOf(name);
  const fresh = readEntry(cacheKey, policy) !== null;
  // The middleware receives the full configuration, cache included, whatever its type says.
  const { cache } = config as { cache?: Cache };
  const throughCache = (...args: unknown[]) =>
    fetchThroughCache(cacheKey, async () => fetcher(...args), {
      force: cache?.get(cacheKey)?.data !== undefined,
      publish: false,
    });
  return useSWRNext(key, throughCache, {
    ...config,
    revalidateIfStale: !fresh,
    focusThrottleInterval: policy.focusThrottleMs,
    dedupingInterval: Math.max(config.dedupingInterval ?? 0, policy.reuseMs),
  });
};

/** For the app's <SWRConfig>. */
export const apiCacheConfig = {
  provider: apiCacheProvider,
  use: [apiCacheMiddleware],
} satisfies SWRConfiguration;

/** Keys of one API (`profile`), or every API key without a name. */
export function apiKeyMatcher(name?: string): (key: string) => boolean {
  return (key) => {
    const keyName = apiNameOf(key);
    return keyName !== null && (name === undefined || keyName === name);
  };
}

/**
 * Forgets cached answers of one API or of all: stored entries, reuse markers and SWR's copies
 * (mounted hooks show nothing until they revalidate). Returns how many stored entries went.
 */
export async function clearApiCache(name?: string): Promise<number> {
  const matches = apiKeyMatcher(name);
  const deleted = deleteEntries(matches);
  forgetRequests(matches);
  await mutate((key) => typeof key === 'string' && matches(key), undefined, {
    revalidate: false,
  });
  return deleted;
}

/**
 * Answers cached for one account must not outlive its session in this tab: a sign-out or an
 * expired session clears them. Any other change of the signed-in user that did not come from a
 * fetch (a saved profile, a bought membership, a new sign-in) drops the cached current user, so
 * the next read, after a reload too, asks the server instead of restoring the user from before.
 * Returns the function that stops listening.
 */
export function startApiCacheLifecycle(): () => void {
  return onAppEvent('auth-change', ({ reason }) => {
    void clearApiCache(reason === 'logout' || reason === 'expired' ? undefined : 'currentUser');
  });
}
