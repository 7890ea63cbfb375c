import { fillText } from '../../../contract/messages.ts';
import { tooManyRequests } from '../../lib/errors.ts';

/**
 * Counts attempts (failed logins, reset mails) per key and per address in a sliding window.
 * In memory: the embedded default is a single instance, and a scaled-out deployment keeps the
 * same limits per instance.
 */
export interface AttemptLimits {
  windowMs: number;
  maxPerKey: number;
  maxPerAddress: number;
}

/** Failed sign-ins: 5 per account and 30 per address in 15 minutes. */
export const LOGIN_LIMITS: AttemptLimits = {
  windowMs: 15 * 60 * 1000,
  maxPerKey: 5,
  maxPerAddress: 30,
};

export function createAttemptLimiter(options: AttemptLimits) {
  const attempts = new Map<string, number[]>();

  const recent = (key: string, now: number) => {
    const kept = (attempts.get(key) ?? []).filter((at) => now - at < options.windowMs);
    if (kept.length === 0) attempts.delete(key);
    else attempts.set(key, kept);
    return kept;
  };

  const waitFor = (key: string, max: number, now: number) => {
    const list = recent(key, now);
    return list.length >= max ? options.windowMs - (now - list[list.length - max]!) : 0;
  };

  const keyOf = (key: string) => `k:${key.toLowerCase()}`;

  const limiter = {
    /** Milliseconds to wait before another attempt is allowed; 0 when allowed. */
    retryAfter(key: string, address: string, now = Date.now()): number {
      return Math.max(
        waitFor(keyOf(key), options.maxPerKey, now),
        waitFor(`i:${address}`, options.maxPerAddress, now),
      );
    },
    /**
     * Throws a 429 whose message (a template with {seconds} or {minutes}) says how long to wait.
     */
    assertAllowed(key: string, address: string, template: string, now = Date.now()) {
      const wait = limiter.retryAfter(key, address, now);
      if (wait <= 0) return;
      const seconds = Math.ceil(wait / 1000);
      throw tooManyRequests(
        fillText(template, { seconds, minutes: Math.ceil(seconds / 60) }),
        seconds,
      );
    },
    record(key: string, address: string, now = Date.now()) {
      for (const bucket of [keyOf(key), `i:${address}`]) {
        attempts.set(bucket, [...recent(bucket, now), now]);
      }
    },
    clear(key: string) {
      attempts.delete(keyOf(key));
    },
  };
  return limiter;
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
