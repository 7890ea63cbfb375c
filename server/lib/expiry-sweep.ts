/** How many expired entries one turn of the event loop drops at most. */
export const SWEEP_SLICE = 500;

/**
 * Drops a cache's expired entries while nobody asks for them, a slice at a time, so that after a
 * burst (a thousand distinct searches) what they cached does not stay in memory at rest.
 *
 * Every entry of a cache lives as long, so its entries expire in the order they were last set:
 * the sweep keeps the cache's keys in that order (a key set again moves to the end, one the
 * cache drops leaves), and one timer wakes it when the first may have expired. lru-cache's own
 * ways cost more on the thread that answers requests. Its `ttlAutopurge` gives each entry a
 * timer: a Timeout, its closure, their context and their numbers, and with 13,700 entries cached
 * under distinct searches a fifth of the objects that thread's collector marked. Its
 * `purgeStale()` walks every entry at once: with 20,000 expired cards it held the thread
 * 3.7-8.4 ms. Written here because lru-cache offers no sweep in slices.
 */
export function createExpirySweep(options: {
  ttlMs: number;
  /** How long the entry of `key` has left (ms): 0 or below once it has expired or is gone. */
  remainingMs: (key: string) => number;
  /** Drops the entry of `key` from the cache. */
  drop: (key: string) => void;
  /** Expired entries dropped at most a turn (`SWEEP_SLICE` unless a cache in parts shares it). */
  slice?: number;
}) {
  const slice = options.slice ?? SWEEP_SLICE;
  // The same strings the cache keeps as keys, in a set's own table: no object per entry.
  const order = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const wakeIn = (ms: number) => {
    timer = setTimeout(sweep, ms);
    // A sweep to come does not keep the process alive.
    timer.unref();
  };

  function sweep() {
    timer = null;
    let dropped = 0;
    for (const key of order) {
      const remaining = options.remainingMs(key);
      if (remaining > 0) {
        wakeIn(remaining + 1);
        return;
      }
      if (dropped === slice) {
        wakeIn(0);
        return;
      }
      // Taken out here too: a key the cache no longer holds (remaining 0) would otherwise be
      // looked at again every millisecond.
      options.drop(key);
      order.delete(key);
      dropped += 1;
    }
  }

  return {
    /** After the entry of `key` is set. */
    noteSet(key: string): void {
      order.delete(key);
      order.add(key);
      if (timer === null) wakeIn(options.ttlMs + 1);
    },

    /** After the cache drops the entry of `key`, for whatever reason (a clear drops them all). */
    forget(key: string): void {
      order.delete(key);
      if (order.size === 0 && timer !== null) {
        clearTimeout(timer);
        timer = null;
      }
    },

    /** Before its cache is cleared: forgets every key at once, not one `forget` a key. */
    clear(): void {
      order.clear();
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
