import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheLookups } from './cache-metrics.ts';
import { SWEEP_SLICE } from './expiry-sweep.ts';
import { createTtlCache, PART_ENTRIES } from './ttl-cache.ts';

const lookupsOf = async (name: string, result: 'hit' | 'miss') =>
  (await cacheLookups.get()).values.find(
    (value) => value.labels.cache === name && value.labels.result === result,
  )?.value ?? 0;

afterEach(() => cacheLookups.reset());

/**
 * A cache of up to `maxEntries` on a clock of its own (`clock.now`), holding `count` keys (k0,
 * k1…) loaded at 10 s, which expire after 11 s. lru-cache reads a start time of 0 as "no
 * start", so the clock starts later.
 */
async function filledCache(maxEntries: number, count: number) {
  const clock = { now: 10_000 };
  const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries, now: () => clock.now });
  const keys = Array.from({ length: count }, (_, at) => `k${at}`);
  await cache.many(keys, async (missing) => new Map(missing.map((key) => [key, 1])));
  return { cache, clock };
}

describe('ttl cache', () => {
  it('shares one load between concurrent callers and keeps it until it expires', async () => {
    // lru-cache reads a start time of 0 as "no start", so the clock starts later.
    let clock = 10_000;
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    clock = 10_999;
    expect(await cache.get('k', load)).toBe(1);
    clock = 11_001;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('drops expired entries while nobody asks (a burst of answers does not stay at rest)', async () => {
    vi.useFakeTimers();
    try {
      let clock = 10_000;
      // The cache's clock and its timers move together, as they do in a real process.
      const pass = (ms: number) => {
        clock += ms;
        vi.advanceTimersByTime(ms);
      };
      const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => clock });
      await cache.get('early', async () => 1);
      pass(600);
      await cache.get('late', async () => 2);
      pass(401);
      expect(cache.size).toBe(1);
      pass(600);
      expect(cache.size).toBe(0);
      // Empty, it keeps no timer: an idle cache costs nothing and does not hold its process.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a burst of expired entries a slice a turn, and keeps one set again since', async () => {
    vi.useFakeTimers();
    try {
      const { cache, clock } = await filledCache(2000, 1200);
      // Expired and asked for again before the sweep ran: loaded and kept anew.
      clock.now = 11_001;
      let loads = 0;
      await cache.get('k0', async () => ++loads);
      vi.advanceTimersToNextTimer();
      expect(cache.size).toBe(1200 - SWEEP_SLICE);
      vi.advanceTimersToNextTimer();
      expect(cache.size).toBe(1200 - 2 * SWEEP_SLICE);
      vi.advanceTimersToNextTimer();
      expect(cache.size).toBe(1);
      expect(await cache.get('k0', async () => ++loads)).toBe(1);
      clock.now = 12_002;
      vi.advanceTimersToNextTimer();
      expect([cache.size, vi.getTimerCount()]).toEqual([0, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps no timer once cleared', async () => {
    vi.useFakeTimers();
    try {
      const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
      await cache.many(['a', 'b'], async (missing) => new Map(missing.map((key) => [key, 1])));
      expect(vi.getTimerCount()).toBe(1);
      cache.clear();
      expect([cache.size, vi.getTimerCount()]).toEqual([0, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets failures, drops the least recently used entry past its size, and clears', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 2 });
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(await cache.get('bad', async () => 'recovered')).toBe('recovered');
    await cache.get('b', async () => 'b');
    await cache.get('c', async () => 'c');
    expect(await cache.get('bad', async () => 'reloaded')).toBe('reloaded');
    cache.clear();
    expect(await cache.get('b', async () => 'fresh')).toBe('fresh');
  });

  it('answers the callers of a load that a clear interrupted, without keeping the answer', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let finish: (value: string) => void = () => {};
    const pending = cache.get('k', () => new Promise((resolve) => (finish = resolve)));
    cache.clear();
    finish('before the write');
    expect(await pending).toBe('before the write');
    expect(await cache.get('k', async () => 'after the write')).toBe('after the write');
  });

  it('starts a load of its own for a lookup after a clear or a deletion, not the one they interrupted', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const finishers: ((value: string) => void)[] = [];
    const slow = () => new Promise<string>((resolve) => finishers.push(resolve));
    const first = cache.get('k', slow);
    cache.clear();
    const second = cache.get('k', slow);
    cache.delete('k');
    const third = cache.get('k', async () => 'after the deletion');
    finishers.forEach((finish, at) => finish(`load ${at}`));
    expect(await Promise.all([first, second, third])).toEqual([
      'load 0',
      'load 1',
      'after the deletion',
    ]);
  });

  it('counts hits (a shared load included) and misses under its name', async () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10, name: 'test-cache' });
    await Promise.all([cache.get('k', async () => 1), cache.get('k', async () => 1)]);
    await cache.get('k', async () => 1);
    expect(await lookupsOf('test-cache', 'miss')).toBe(1);
    expect(await lookupsOf('test-cache', 'hit')).toBe(2);
  });

  it('answers many keys in order, loading only the missing ones in one call', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10, name: 'many-cache' });
    const asked: string[][] = [];
    const load = async (missing: string[]) => {
      asked.push(missing);
      // 'gone' is not answered: it is left out, not cached as missing.
      return new Map(
        missing.filter((key) => key !== 'gone').map((key) => [key, key.toUpperCase()]),
      );
    };
    expect(await cache.many(['a', 'b'], load)).toEqual(['A', 'B']);
    expect(await cache.many(['b', 'gone', 'c', 'a'], load)).toEqual(['B', 'C', 'A']);
    expect(asked).toEqual([
      ['a', 'b'],
      ['gone', 'c'],
    ]);
    expect(await cache.many([], load)).toEqual([]);
    expect(asked).toHaveLength(2);
    expect(await lookupsOf('many-cache', 'hit')).toBe(2);
    expect(await lookupsOf('many-cache', 'miss')).toBe(4);
  });

  it('keeps nothing of a many-load that a clear interrupted', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let finish: () => void = () => {};
    const pending = cache.many(['k'], async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return new Map([['k', 'before the write']]);
    });
    await Promise.resolve();
    cache.clear();
    finish();
    expect(await pending).toEqual(['before the write']);
    expect(await cache.many(['k'], async () => new Map([['k', 'after the write']]))).toEqual([
      'after the write',
    ]);
  });

  it('forgets one deleted entry, keeps the others, and keeps nothing a deletion interrupted', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const load = async (missing: string[]) =>
      new Map(missing.map((key) => [key, `${key} read at ${asked.push(key)}`]));
    const asked: string[] = [];
    await cache.many(['a', 'b'], load);
    cache.delete('a');
    expect(await cache.many(['a', 'b'], load)).toEqual(['a read at 3', 'b read at 2']);

    let finish: () => void = () => {};
    const pending = cache.many(['c'], async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return new Map([['c', 'before the write']]);
    });
    await Promise.resolve();
    cache.delete('c');
    finish();
    expect(await pending).toEqual(['before the write']);
    expect(await cache.many(['c'], async () => new Map([['c', 'after the write']]))).toEqual([
      'after the write',
    ]);
  });

  it('keeps a large cache in parts of at most PART_ENTRIES, each key found in its own', async () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 20_000 });
    const keys = Array.from({ length: 20_000 }, (_, at) => String(at + 1));
    await cache.many(keys, async (missing) => new Map(missing.map((key) => [key, Number(key)])));
    const parts = cache.partSizes();
    expect(parts.length).toBe(Math.ceil(20_000 / PART_ENTRIES));
    // The bound the parts are for: tables small enough to be rebuilt in well under a ms.
    expect(Math.max(...parts)).toBeLessThanOrEqual(Math.min(PART_ENTRIES, 2048));
    // The keys spread over every part, so each part's bound still lets the cache hold most.
    expect(Math.min(...parts)).toBeGreaterThan(PART_ENTRIES / 2);
    // Each key is looked up in the part it was kept in: all but those a full part let go.
    let loads = 0;
    const first = keys.slice(0, 500);
    const found = await cache.many(first, async (missing) => {
      loads += missing.length;
      return new Map(missing.map((key) => [key, -1]));
    });
    expect(found.every((value, at) => value === -1 || value === Number(first[at]))).toBe(true);
    expect(loads).toBeLessThan(100);
    // A deletion reaches the key's own part: the key is loaded again, the others are not.
    const kept = first.filter((_key, at) => found[at] !== -1).slice(0, 2);
    cache.delete(kept[0]);
    const reloaded: string[] = [];
    await cache.many(kept, async (missing) => {
      reloaded.push(...missing);
      return new Map(missing.map((key) => [key, 0]));
    });
    expect(reloaded).toEqual([kept[0]]);
    cache.clear();
    expect(cache.partSizes().every((size) => size === 0)).toBe(true);
  });

  it('drops the expired entries of its parts a shared slice a turn', async () => {
    vi.useFakeTimers();
    try {
      const { cache, clock } = await filledCache(20_000, 6000);
      const parts = cache.partSizes().length;
      clock.now = 11_001;
      vi.advanceTimersByTime(1001);
      // Every part's sweep ran once: together, no more than one cache's slice.
      const dropped = 6000 - cache.size;
      expect(dropped).toBeGreaterThan(0);
      // (Each part's share is rounded up: at most one more entry a part.)
      expect(dropped).toBeLessThanOrEqual(SWEEP_SLICE + parts);
      await vi.runAllTimersAsync();
      expect([cache.size, vi.getTimerCount()]).toEqual([0, 0]);
    } finally {
      vi.useRealTimers();
    }
  });
});
