import { cacheLookups } from '../../lib/cache-metrics.ts';

/**
 * A small in-process cache for answers that are costly to compute on every request (feed
 * totals, search pages) and may be a few seconds stale. Writes in this process clear it at
 * once; other instances catch up within `ttlMs`. Oldest entries go first past `maxEntries`.
 */
export function createTtlCache<T>(options: { ttlMs: number; maxEntries: number; name?: string }) {
  const lookups = options.name ? cacheLookups : null;
  const entries = new Map<string, { value: Promise<T>; expires: number }>();

  return {
    /** The cached value, or `load()`'s (shared by concurrent callers; failures not kept). */
    get(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
      const hit = entries.get(key);
      const fresh = hit !== undefined && hit.expires > now;
      lookups?.inc({ cache: options.name, result: fresh ? 'hit' : 'miss' });
      if (fresh) return hit.value;
      if (hit) entries.delete(key);
      const value = load();
      entries.set(key, { value, expires: now + options.ttlMs });
      value.catch(() => entries.delete(key));
      if (entries.size > options.maxEntries) {
        entries.delete(entries.keys().next().value as string);
      }
      return value;
    },

    clear(): void {
      entries.clear();
    },
  };
}

export type TtlCache<T> = ReturnType<typeof createTtlCache<T>>;
