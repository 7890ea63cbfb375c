import { LRUCache } from 'lru-cache';
import { MEMORY_OVERFLOW_DROP_SHARE } from './constants';

export interface MemoryCacheOptions {
  /** Read at each insert: the device profile (and so the limit) can change. */
  maxEntries: number | (() => number);
  /** The most `maxEntries` can ever say; lru-cache sizes its storage once, from this. */
  ceiling?: number;
  /** Entries older than this read as missing. */
  maxAgeMs?: number;
}

/**
 * A map that forgets, kept by lru-cache: entries older than `maxAgeMs` read as missing, and
 * past `maxEntries` the least recently used quarter goes at once (SPEC.md section 9, cheaper
 * than one eviction per insert). lru-cache's own `max` only backs the ceiling, because the
 * limit of the moment comes from the device profile, which lru-cache cannot follow.
 */
export class MemoryCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<K, V>;
  private readonly maxEntries: () => number;

  constructor(options: MemoryCacheOptions) {
    const { maxEntries } = options;
    this.maxEntries = typeof maxEntries === 'number' ? () => maxEntries : maxEntries;
    const ceiling = options.ceiling ?? this.maxEntries();
    this.entries = new LRUCache<K, V>({
      // One over the ceiling, so an overflow reaches set() and drops a quarter, not one entry.
      max: ceiling + 1,
      ...(options.maxAgeMs === undefined ? {} : { ttl: options.maxAgeMs }),
      // Date.now, not performance.now: it is what the rest of the worker (and its tests' fake
      // clock) reads.
      perf: Date,
    });
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): void {
    this.entries.set(key, value);
    const limit = this.maxEntries();
    const size = this.entries.size;
    if (size <= limit) return;
    let drop = Math.max(size - limit, Math.ceil(size * MEMORY_OVERFLOW_DROP_SHARE));
    // rkeys() walks from the least recently used end; collect first, then delete.
    const oldest: K[] = [];
    for (const candidate of this.entries.rkeys()) {
      if (drop-- <= 0) break;
      oldest.push(candidate);
    }
    for (const candidate of oldest) this.entries.delete(candidate);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
