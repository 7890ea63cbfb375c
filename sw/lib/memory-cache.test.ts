import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryCache } from './memory-cache';

afterEach(() => {
  vi.useRealTimers();
});

describe('MemoryCache', () => {
  it('drops the oldest quarter when it overflows', () => {
    const map = new MemoryCache<number, string>({ maxEntries: 100 });
    for (let key = 0; key <= 100; key++) map.set(key, `v${key}`);
    // 101 entries: the oldest ceil(101 / 4) = 26 go.
    expect(map.size).toBe(75);
    expect(map.has(25)).toBe(false);
    expect(map.get(26)).toBe('v26');
    expect(map.get(100)).toBe('v100');
  });

  it('counts a re-stored key as young', () => {
    const map = new MemoryCache<string, number>({ maxEntries: 4 });
    for (const key of ['a', 'b', 'c', 'd']) map.set(key, 1);
    map.set('a', 2);
    map.set('e', 1);
    expect(map.has('a')).toBe(true);
    expect(map.has('b')).toBe(false);
  });

  it('follows a limit that changes', () => {
    let limit = 100;
    const map = new MemoryCache<number, number>({ maxEntries: () => limit, ceiling: 100 });
    for (let key = 0; key < 40; key++) map.set(key, key);
    limit = 30;
    map.set(40, 40);
    expect(map.size).toBe(30);
    limit = 10;
    map.set(41, 41);
    expect(map.size).toBe(10);
    expect(map.has(41)).toBe(true);
  });

  it('keeps a recently read entry over one only stored', () => {
    const map = new MemoryCache<string, number>({ maxEntries: 4 });
    for (const key of ['a', 'b', 'c', 'd']) map.set(key, 1);
    map.get('a');
    map.set('e', 1);
    expect(map.has('a')).toBe(true);
    expect(map.has('b')).toBe(false);
  });

  it('forgets entries older than its age limit', () => {
    vi.useFakeTimers();
    const map = new MemoryCache<string, number>({ maxEntries: 100, maxAgeMs: 30 * 60_000 });
    map.set('old', 1);
    vi.advanceTimersByTime(20 * 60_000);
    map.set('young', 2);
    vi.advanceTimersByTime(11 * 60_000);
    expect(map.get('old')).toBeUndefined();
    expect(map.get('young')).toBe(2);
  });
});
