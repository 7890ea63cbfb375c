import { CACHE_PREFIX } from '../../shared/offline/cache-names';
import { clearBatchCache } from './api/batch';
import { apiNameOf } from './api-cache/cache-key';
import { listEntries } from './api-cache/entry-store';
import { policyOf } from './api-cache/policies';
import { clearApiCache, swrKeys } from './api-cache/swr-cache';

/**
 * SPEC.md section 9: "Console helpers on the window object: print cache statistics, clear all
 * cached API data, clear one API's data." For developers and support, typed into the console:
 * `printCacheStats()`, `clearAllApiCache()`, `clearApiCache('profile')`. They cover SWR's
 * cache with its stored `api_cache:` entries, the batch helper's answers and the service
 * worker's API copies (images and notes saved for offline reading are not API data).
 */

/** The worker's API copies live in `vibe-api-<schema>` (shared/offline/cache-names.ts). */
const SW_API_CACHE_PREFIX = `${CACHE_PREFIX}api-`;

export interface CacheStats {
  /** Keys in SWR's cache: all of them, and the API cache's per API name. */
  swr: { keys: number; byApi: Record<string, number> };
  /** Stored {data, timestamp} entries per API name. */
  stored: Record<string, { entries: number; bytes: number }>;
  /** Entries in each of the service worker's caches. */
  serviceWorker: Record<string, number>;
}

function countBy<T>(items: T[], keyOf: (item: T) => string | null): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const key = keyOf(item);
    if (key !== null) counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function ourCacheNames(): Promise<string[]> {
  if (typeof caches === 'undefined') return [];
  return (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX));
}

export async function cacheStats(): Promise<CacheStats> {
  const keys = swrKeys();
  const stored: CacheStats['stored'] = {};
  for (const { key, bytes } of listEntries()) {
    const name = apiNameOf(key) ?? '?';
    stored[name] ??= { entries: 0, bytes: 0 };
    stored[name].entries += 1;
    stored[name].bytes += bytes;
  }
  const serviceWorker: CacheStats['serviceWorker'] = {};
  for (const name of await ourCacheNames()) {
    serviceWorker[name] = (await (await caches.open(name)).keys()).length;
  }
  return { swr: { keys: keys.length, byApi: countBy(keys, apiNameOf) }, stored, serviceWorker };
}

/** Deletes the worker's API copies: all of them, or those whose path belongs to `path`. */
async function clearWorkerApiCopies(path?: RegExp): Promise<number> {
  let deleted = 0;
  for (const name of await ourCacheNames()) {
    if (!name.startsWith(SW_API_CACHE_PREFIX)) continue;
    if (!path) {
      if (await caches.delete(name)) deleted += 1;
      continue;
    }
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (path.test(new URL(request.url).pathname) && (await cache.delete(request))) deleted += 1;
    }
  }
  return deleted;
}

export async function clearAllApiData() {
  const stored = await clearApiCache();
  clearBatchCache();
  const serviceWorker = await clearWorkerApiCopies();
  return { stored, serviceWorker };
}

export async function clearOneApi(name: string) {
  const stored = await clearApiCache(name);
  const { path } = policyOf(name);
  const serviceWorker = path ? await clearWorkerApiCopies(path) : 0;
  return { stored, serviceWorker };
}

declare global {
  interface Window {
    printCacheStats: () => Promise<CacheStats>;
    clearAllApiCache: () => Promise<{ stored: number; serviceWorker: number }>;
    clearApiCache: (name: string) => Promise<{ stored: number; serviceWorker: number }>;
  }
}

export function installConsoleHelpers(target: Window = window): void {
  target.printCacheStats = async () => {
    const stats = await cacheStats();
    console.log(`[api cache] SWR keys: ${stats.swr.keys}`);
    console.table(stats.swr.byApi);
    console.table(stats.stored);
    console.table(stats.serviceWorker);
    return stats;
  };
  target.clearAllApiCache = clearAllApiData;
  target.clearApiCache = clearOneApi;
}
