import { fillText } from '../../../contract/messages.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import type { AttemptStore } from './attempt-store.ts';

/** At most `maxPerKey` attempts per key and `maxPerAddress` per client address in a window. */
export interface AttemptLimits {
  windowMs: number;
  maxPerKey: number;
  maxPerAddress: number;
}

/**
 * Guesses at one account (its password, an SMS code, the old password in settings): 5 per
 * account and 30 per address in 15 minutes. The account is counted whatever name was typed.
 */
export const LOGIN_LIMITS: AttemptLimits = {
  windowMs: 15 * 60 * 1000,
  maxPerKey: 5,
  maxPerAddress: 30,
};

/** The key every guess at an account's secrets is counted under, however it was named. */
export const accountAttemptKey = (userId: number) => `user:${userId}`;

/** A counted attempt; a successful one is taken back so it does not hold the limits. */
export interface Attempt {
  succeeded(): Promise<void>;
}

/**
 * Counts attempts per key and per address in the shared attempt store. `name` separates the
 * kinds of attempt; limiters with the same name share their counters.
 */
export function createAttemptLimiter(store: AttemptStore, name: string, options: AttemptLimits) {
  const keyBucket = (key: string) => `${name}:k:${key.toLowerCase()}`;
  const addressBucket = (address: string) => `${name}:i:${address}`;

  return {
    /**
     * Counts the attempt before any work is done on it, or throws a 429 whose message (a
     * template with {seconds} or {minutes}) says how long to wait. Counting first is what
     * keeps attempts sent all at once within the limit.
     */
    async reserve(key: string, address: string, template: string, now = Date.now()) {
      const buckets = [
        { key: keyBucket(key), max: options.maxPerKey, windowMs: options.windowMs },
        { key: addressBucket(address), max: options.maxPerAddress, windowMs: options.windowMs },
      ];
      const reservation = await store.reserve(buckets, now);
      if (reservation.waitMs > 0) {
        const seconds = Math.ceil(reservation.waitMs / 1000);
        throw tooManyRequests(
          fillText(template, { seconds, minutes: Math.ceil(seconds / 60) }),
          seconds,
        );
      }
      return {
        // The key's earlier failures are forgiven too: the one who got in knew the secret.
        succeeded: async () => {
          await store.release([buckets[1]!.key], reservation.id);
          await store.clear(buckets[0]!.key);
        },
      } satisfies Attempt;
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
