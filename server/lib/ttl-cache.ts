import { LRUCache } from 'lru-cache';
import { cacheLookups } from './cache-metrics.ts';
import { createExpirySweep, SWEEP_SLICE } from './expiry-sweep.ts';

export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Counted under this name in /metrics' `cache_lookups_total`; unnamed caches are not. */
  name?: string;
  /** The clock, for tests; `Date.now` otherwise. */
  now?: () => number;
}

/** The loader of one lookup. */
type Load<T> = () => Promise<T>;

/**
 * Entries one part of a cache holds at most. A JavaScript Map or Set rebuilds its table in one
 * go once deletions and additions have filled it, and a cache of 20,000 entries churning under
 * distinct searches rebuilt its own (lru-cache's index) and the sweep's in 4-9 ms each, inside
 * the request that added an entry, on the thread that answers requests. A part of 2,048 entries
 * rebuilds in about a tenth of that; a larger cache is split into parts by its keys.
 */
export const PART_ENTRIES = 2048;

/** One part of a cache: its entries, and the sweep that drops them once expired. */
function createPart<T extends NonNullable<unknown>>(
  options: TtlCacheOptions,
  maxEntries: number,
  sweepSlice: number,
) {
  // lru-cache drops an expired entry only when it is looked up or pushed out.
  const sweep = createExpirySweep({
    ttlMs: options.ttlMs,
    remainingMs: (key) => cache.getRemainingTTL(key),
    drop: (key) => cache.delete(key),
    slice: sweepSlice,
  });
  const cache: LRUCache<string, T> = new LRUCache<string, T>({
    max: maxEntries,
    ttl: options.ttlMs,
    // lru-cache's own clock (performance.now) unless a test gives one, read afresh each time:
    // lru-cache would otherwise reuse a reading for 1 ms, with a timer to forget it.
    ...(options.now && { perf: { now: options.now } }),
    ttlResolution: 0,
    dispose: (_value, key) => sweep.forget(key),
  });
  return { cache, sweep };
}

/**
 * The part a key lives in: a 32-bit string hash (FNV-1a) over the parts. Written here because
 * it runs for every lookup on the thread that answers requests, where node:crypto's hashes cost
 * a native call and an object per key, and any spread of the keys will do.
 */
function partOf<P>(parts: P[], key: string): P {
  if (parts.length === 1) return parts[0];
  let hash = 0x811c9dc5;
  for (let at = 0; at < key.length; at += 1) {
    hash = Math.imul(hash ^ key.charCodeAt(at), 0x01000193);
  }
  return parts[(hash >>> 0) % parts.length];
}

/**
 * A small in-process cache for answers that are costly to compute on every request (feed
 * totals, search pages) and may be a few seconds stale. Writes in this process clear it at
 * once; other instances catch up within `ttlMs`. lru-cache keeps the entries: least recently
 * used go first past `maxEntries` (in each part of `PART_ENTRIES`, for a larger cache). Concurrent
 * lookups of one key share one load, tracked here rather than by lru-cache's `fetch`: that
 * builds an AbortController, its signal and a listener for every load, and under distinct
 * searches, where every lookup of a ranked page is a load, making the signals alone was 1.2 % of
 * the thread that answers requests.
 */
export function createTtlCache<T extends NonNullable<unknown>>(options: TtlCacheOptions) {
  const lookups = options.name ? cacheLookups : null;
  const count = Math.max(1, Math.ceil(options.maxEntries / PART_ENTRIES));
  // The parts share one sweep slice a turn, as one cache would drop them.
  const sweepSlice = Math.ceil(SWEEP_SLICE / count);
  const parts = Array.from({ length: count }, () =>
    createPart<T>(options, Math.ceil(options.maxEntries / count), sweepSlice),
  );
  const cacheOf = (key: string) => partOf(parts, key).cache;
  const keep = (key: string, value: T) => {
    const { cache, sweep } = partOf(parts, key);
    cache.set(key, value);
    sweep.noteSet(key);
  };

  /**
   * Counts clears and deletions, so that a load keeps nothing one of them interrupted: its
   * callers still get its answer, but a write cleared the cache because that answer may already
   * be out of date.
   */
  let invalidations = 0;
  /** Loads under way by key, shared by the lookups that arrive while they run. */
  const loading = new Map<string, Promise<T>>();

  return {
    /** The cached value, or `load()`'s (shared by concurrent callers; failures not kept). */
    async get(key: string, load: Load<T>): Promise<T> {
      const known = cacheOf(key).get(key) ?? loading.get(key);
      lookups?.inc({ cache: options.name, result: known === undefined ? 'miss' : 'hit' });
      if (known !== undefined) return known;
      const before = invalidations;
      const started = load();
      loading.set(key, started);
      try {
        const value = await started;
        if (before === invalidations) keep(key, value);
        return value;
      } finally {
        if (loading.get(key) === started) loading.delete(key);
      }
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
      const found = keys.map((key) => cacheOf(key).get(key));
      const missing = keys.filter((_key, at) => found[at] === undefined);
      lookups?.inc({ cache: options.name, result: 'hit' }, keys.length - missing.length);
      if (missing.length === 0) return found as T[];
      lookups?.inc({ cache: options.name, result: 'miss' }, missing.length);
      const before = invalidations;
      const loaded = await loadMissing(missing);
      // As with `get`: a clear during the load means the answer may already be out of date.
      if (before === invalidations) {
        for (const [key, value] of loaded) keep(key, value);
      }
      return keys.flatMap((key, at) => found[at] ?? loaded.get(key) ?? []);
    },

    /** Forgets one entry (what it held has changed). */
    delete(key: string): void {
      invalidations += 1;
      cacheOf(key).delete(key);
      loading.delete(key);
    },

    /**
     * The sweeps forget their keys first, in one go each: lru-cache's `clear` then calls
     * `dispose` for every entry, and each took its key out of a sweep's order one at a time. A
     * clear of 20,000 entries took 2.7 ms at the median rather than 4.4, of 40,000 5.2 rather
     * than 7.0.
     */
    clear(): void {
      invalidations += 1;
      for (const { cache, sweep } of parts) {
        sweep.clear();
        cache.clear();
      }
      loading.clear();
    },

    /** Entries held now, expired ones included until the sweep drops them. */
    get size(): number {
      return parts.reduce((sum, { cache }) => sum + cache.size, 0);
    },

    /** How many entries each part holds (for tests: no part grows past `PART_ENTRIES`). */
    partSizes(): number[] {
      return parts.map(({ cache }) => cache.size);
    },
  };
}

export type TtlCache<T extends NonNullable<unknown>> = ReturnType<typeof createTtlCache<T>>;
