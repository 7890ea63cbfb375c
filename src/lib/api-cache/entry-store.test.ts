import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteEntries, listEntries, readEntry, writeEntry } from './entry-store';
import { apiCachePolicies, DEFAULT_API_CACHE_TTL_MS } from './policies';

const policy = apiCachePolicies.default;
const key = 'api_cache:default:{}';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 1));
});

afterEach(() => vi.useRealTimers());

describe('stored entries', () => {
  it('hold data and a timestamp in ms', () => {
    writeEntry(key, { total: 3 }, policy);
    expect(JSON.parse(localStorage.getItem(key) ?? '')).toEqual({
      data: { total: 3 },
      timestamp: Date.UTC(2026, 0, 1),
    });
  });

  it('are fresh for the default 60 s, then deleted and a miss', () => {
    expect(DEFAULT_API_CACHE_TTL_MS).toBe(60_000);
    writeEntry(key, 'answer', policy);
    vi.advanceTimersByTime(59_999);
    expect(readEntry(key, policy)?.data).toBe('answer');
    vi.advanceTimersByTime(1);
    expect(readEntry(key, policy)).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('delete what they cannot parse or trust', () => {
    for (const text of ['{not json', '"text"', '{"data":1}', '{"data":1,"timestamp":"x"}']) {
      localStorage.setItem(key, text);
      expect(readEntry(key, policy)).toBeNull();
      expect(localStorage.getItem(key)).toBeNull();
    }
    localStorage.setItem(key, JSON.stringify({ data: 1, timestamp: Date.now() + 5_000 }));
    expect(readEntry(key, policy)).toBeNull();
  });

  it('keep session-only answers in sessionStorage', () => {
    writeEntry('api_cache:followStatus:{}', true, apiCachePolicies.followStatus);
    expect(sessionStorage.getItem('api_cache:followStatus:{}')).not.toBeNull();
    expect(localStorage.getItem('api_cache:followStatus:{}')).toBeNull();
  });

  it('are listed and deleted by key, leaving other storage alone', () => {
    localStorage.setItem('token', 't');
    writeEntry('api_cache:a:{}', 1, policy);
    writeEntry('api_cache:b:{}', 2, apiCachePolicies.profile);
    expect(listEntries().map(({ key: name, storage }) => [name, storage])).toEqual([
      ['api_cache:a:{}', 'local'],
      ['api_cache:b:{}', 'session'],
    ]);
    expect(deleteEntries((name) => name.includes(':a:'))).toBe(1);
    expect(deleteEntries()).toBe(1);
    expect(listEntries()).toEqual([]);
    expect(localStorage.getItem('token')).toBe('t');
  });

  it('survive a full storage by not storing', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeEntry(key, 'big', policy)).not.toThrow();
    setItem.mockRestore();
    expect(readEntry(key, policy)).toBeNull();
  });
});
