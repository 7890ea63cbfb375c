import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

describe('ttl cache', () => {
  it('shares one load between concurrent callers and keeps it until it expires', async () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load, 0), cache.get('k', load, 0)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.get('k', load, 999)).toBe(1);
    expect(await cache.get('k', load, 1000)).toBe(2);
  });

  it('forgets failures, drops the oldest entry past its size, and clears', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 2 });
    await expect(cache.get('bad', () => Promise.reject(new Error('down')), 0)).rejects.toThrow();
    expect(await cache.get('bad', async () => 'recovered', 0)).toBe('recovered');
    await cache.get('b', async () => 'b', 0);
    await cache.get('c', async () => 'c', 0);
    expect(await cache.get('bad', async () => 'reloaded', 0)).toBe('reloaded');
    cache.clear();
    expect(await cache.get('b', async () => 'fresh', 0)).toBe('fresh');
  });
});
