import { MEMORY_OVERFLOW_DROP_SHARE } from './constants';

interface Entry<V> {
  value: V;
  storedAt: number;
}

/**
 * A map that forgets: past `maxEntries` it drops the oldest quarter at once (SPEC.md section 9,
 * cheaper than one eviction per insert), and entries older than `maxAgeMs` read as missing.
 * The size limit is read at each insert because the device profile can change.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly maxEntries: () => number;
  private readonly maxAgeMs: number;

  constructor(options: { maxEntries: number | (() => number); maxAgeMs?: number }) {
    const { maxEntries } = options;
    this.maxEntries = typeof maxEntries === 'number' ? () => maxEntries : maxEntries;
    this.maxAgeMs = options.maxAgeMs ?? Number.POSITIVE_INFINITY;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  set(key: K, value: V): void {
    // Re-inserting moves the key to the young end, so "oldest" means least recently stored.
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: Date.now() });
    const limit = this.maxEntries();
    if (this.entries.size > limit) {
      const drop = Math.max(
        this.entries.size - limit,
        Math.ceil(this.entries.size * MEMORY_OVERFLOW_DROP_SHARE),
      );
      let dropped = 0;
      for (const oldest of this.entries.keys()) {
        if (dropped++ >= drop) break;
        this.entries.delete(oldest);
      }
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
