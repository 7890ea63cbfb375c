import { randomBytes } from 'node:crypto';

/** One counter an attempt is counted in: at most `max` attempts in any `windowMs`. */
export interface AttemptBucket {
  key: string;
  max: number;
  windowMs: number;
}

export interface Reservation {
  /** 0 when the attempt was counted; otherwise how long until the full bucket lets one in. */
  waitMs: number;
  /** Index of the full bucket (-1 when the attempt was counted). */
  fullBucket: number;
  /** Names this attempt in every bucket, so a success can take it back out. */
  id: string;
}

/**
 * Sliding-window attempt counters (failed sign-ins, reset mails, code sends). `reserve` checks
 * and counts in one indivisible step, so attempts that arrive together cannot all pass a check
 * made before any of them was counted.
 */
export interface AttemptStore {
  /** Counts the attempt in every bucket when none is full, or in none of them. */
  reserve(buckets: AttemptBucket[], now?: number): Promise<Reservation>;
  /** Takes a counted attempt back out of these buckets. */
  release(keys: string[], id: string): Promise<void>;
  /** Forgets every attempt of a bucket. */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

const SWEEP_EVERY_MS = 60 * 1000;

export const newAttemptId = (now: number) => `${now}-${randomBytes(6).toString('hex')}`;

/**
 * The single-machine default. JavaScript runs `reserve` to its end without yielding, which is
 * what makes it atomic here; several instances need the Redis store instead.
 */
export function createMemoryAttemptStore(): AttemptStore {
  const buckets = new Map<string, { windowMs: number; entries: { at: number; id: string }[] }>();
  let sweptAt = 0;

  const recent = (key: string, windowMs: number, now: number) => {
    const kept = (buckets.get(key)?.entries ?? []).filter((entry) => now - entry.at < windowMs);
    if (kept.length === 0) buckets.delete(key);
    else buckets.set(key, { windowMs, entries: kept });
    return kept;
  };

  // Buckets nobody asks about again (yesterday's, an address that left) would otherwise stay.
  const sweep = (now: number) => {
    if (now - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now;
    for (const [key, bucket] of buckets) {
      if (bucket.entries.every((entry) => now - entry.at >= bucket.windowMs)) buckets.delete(key);
    }
  };

  return {
    async reserve(wanted, now = Date.now()) {
      sweep(now);
      const id = newAttemptId(now);
      for (const [index, bucket] of wanted.entries()) {
        const list = recent(bucket.key, bucket.windowMs, now);
        if (list.length >= bucket.max) {
          const freedAt = list[list.length - bucket.max]!.at + bucket.windowMs;
          return { waitMs: Math.max(1, freedAt - now), fullBucket: index, id };
        }
      }
      for (const bucket of wanted) {
        const entries = [...recent(bucket.key, bucket.windowMs, now), { at: now, id }];
        buckets.set(bucket.key, { windowMs: bucket.windowMs, entries });
      }
      return { waitMs: 0, fullBucket: -1, id };
    },
    async release(keys, id) {
      for (const key of keys) {
        const bucket = buckets.get(key);
        if (!bucket) continue;
        const entries = bucket.entries.filter((entry) => entry.id !== id);
        if (entries.length === 0) buckets.delete(key);
        else buckets.set(key, { ...bucket, entries });
      }
    },
    async clear(key) {
      buckets.delete(key);
    },
    async close() {
      buckets.clear();
    },
  };
}
