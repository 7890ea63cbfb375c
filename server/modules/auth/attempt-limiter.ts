/**
 * Counts failed logins per account and per address in a sliding window. In memory by default;
 * a single instance is the embedded default, and a scaled-out deployment keeps the same
 * limits per instance.
 */
export interface LoginLimiterOptions {
  windowMs: number;
  maxPerAccount: number;
  maxPerAddress: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimiterOptions = {
  windowMs: 15 * 60 * 1000,
  maxPerAccount: 5,
  maxPerAddress: 30,
};

export function createLoginLimiter(options: LoginLimiterOptions = DEFAULT_LOGIN_LIMITS) {
  const failures = new Map<string, number[]>();

  const recent = (key: string, now: number) => {
    const kept = (failures.get(key) ?? []).filter((at) => now - at < options.windowMs);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };

  const waitFor = (key: string, max: number, now: number) => {
    const list = recent(key, now);
    return list.length >= max ? options.windowMs - (now - list[list.length - max]!) : 0;
  };

  return {
    /** Milliseconds to wait before another attempt is allowed; 0 when allowed. */
    retryAfter(account: string, address: string, now = Date.now()): number {
      return Math.max(
        waitFor(`a:${account.toLowerCase()}`, options.maxPerAccount, now),
        waitFor(`i:${address}`, options.maxPerAddress, now),
      );
    },
    recordFailure(account: string, address: string, now = Date.now()) {
      for (const key of [`a:${account.toLowerCase()}`, `i:${address}`]) {
        failures.set(key, [...recent(key, now), now]);
      }
    },
    recordSuccess(account: string) {
      failures.delete(`a:${account.toLowerCase()}`);
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
