import { LRUCache } from 'lru-cache';
import { cacheLookups } from './cache-metrics.ts';

export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Counted under this name in /metrics' `cache_lookups_total`; unnamed caches are not. */
  name?: string;
  /** The clock, for tests; `Date.now` otherwise. */
  now?: () => number;
}

/** The loader of one lookup, handed to lru-cache's `fetchMethod` as the fetch's context. */
type Load<T> = () => Promise<T>;

/**
 * A small in-process cache for answers that are costly to compute on every request (feed
 * totals, search pages) and may be a few seconds stale. Writes in this process clear it at
 * once; other instances catch up within `ttlMs`. lru-cache keeps the entries: least recently
 * used go first past `maxEntries`, and concurrent lookups of one key share one load.
 */
export function createTtlCache<T extends NonNullable<unknown>>(options: TtlCacheOptions) {
  const lookups = options.name ? cacheLookups : null;
  const cache = new LRUCache<string, T, Load<T>>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    // A test's clock moves between calls; lru-cache would otherwise reuse a reading for 1 ms.
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
    fetchMethod: (_key, _stale, { context }) => context(),
    // lru-cache drops an expired entry only when it is looked up or pushed out, so after a
    // burst (a thousand distinct searches) the answers would stay in memory while the server is
    // at rest: each entry gets a timer that drops it once it expires. lru-cache's purgeStale(),
    // run by one timer for the whole cache, walked every entry at once instead: with 20,000
    // expired cards it held the thread that answers requests 3.7-8.4 ms.
    ttlAutopurge: true,
    // clear() while a load runs: its callers still get the answer, which is not kept (a write
    // cleared the cache because that answer may already be out of date).
    ignoreFetchAbort: true,
  });

  /** Counts clears and deletions, so that `many` keeps nothing one of them interrupted. */
  let invalidations = 0;

  return {
    /** The cached value, or `load()`'s (shared by concurrent callers; failures not kept). */
    async get(key: string, load: Load<T>): Promise<T> {
      const status: LRUCache.Status<string, T, Load<T>> = {};
      const value = cache.fetch(key, { context: load, status });
      const hit = status.fetch === 'hit' || status.fetch === 'inflight';
      lookups?.inc({ cache: options.name, result: hit ? 'hit' : 'miss' });
      return (await value) as T;
    },

    /**
     * The values of `keys` in their order: cached ones as they are, the rest from one
     * `loadMissing` call (keys it does not answer are left out). Loads are not shared between
     * callers here: one page's worth of keys is cheaper to load again than to track.
     */
    async many(
      keys: string[],
      loadMissing: (missing: string[]) => Promise<Map<string, T>>,
    ): Promise<T[]> {
      const found = keys.map((key) => cache.get(key));
      const missing = keys.filter((_key, at) => found[at] === undefined);
      lookups?.inc({ cache: options.name, result: 'hit' }, keys.length - missing.length);
      if (missing.length === 0) return found as T[];
      lookups?.inc({ cache: options.name, result: 'miss' }, missing.length);
      const before = invalidations;
      const loaded = await loadMissing(missing);
      // As with `get`: a clear during the load means the answer may already be out of date.
      if (before === invalidations) {
        for (const [key, value] of loaded) cache.set(key, value);
      }
      return keys.flatMap((key, at) => found[at] ?? loaded.get(key) ?? []);
    },

    /** Forgets one entry (what it held has changed). */
    delete(key: string): void {
      invalidations += 1;
      cache.delete(key);
    },

    clear(): void {
      invalidations += 1;
      cache.clear();
    },

    /** Entries held now, expired ones included until the purge timer drops them. */
    get size(): number {
      return cache.size;
    },
  };
}

export type TtlCache<T extends NonNullable<unknown>> = ReturnType<typeof createTtlCache<T>>;
