import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCacheKey } from './api-cache/cache-key';
import { writeEntry } from './api-cache/entry-store';
import { apiCachePolicies } from './api-cache/policies';
import { apiCacheProvider, clearApiCache } from './api-cache/swr-cache';
import { installConsoleHelpers } from './console-helpers';

/** Just enough of CacheStorage: named caches of request URLs. */
function fakeCaches(contents: Record<string, string[]>) {
  const stores = new Map(
    Object.entries(contents).map(([name, urls]) => [name, new Set(urls)] as const),
  );
  const open = (name: string) => {
    const urls = stores.get(name) ?? new Set<string>();
    stores.set(name, urls);
    return Promise.resolve({
      keys: () => Promise.resolve([...urls].map((url) => new Request(url))),
      delete: (request: Request) => Promise.resolve(urls.delete(request.url)),
    });
  };
  return {
    stores,
    api: {
      keys: () => Promise.resolve([...stores.keys()]),
      open,
      delete: (name: string) => Promise.resolve(stores.delete(name)),
    },
  };
}

const origin = 'http://localhost';
let worker: ReturnType<typeof fakeCaches>;

beforeEach(() => {
  worker = fakeCaches({
    'vibe-api-3': [`${origin}/api/auth/users/7?__viewer=anon`, `${origin}/api/posts?page=1`],
    'vibe-images-v1': [`${origin}/api/uploads/a.png`],
    'vibe-saved-3': [`${origin}/api/posts/5`],
    'someone-else': [`${origin}/x`],
  });
  vi.stubGlobal('caches', worker.api);
  const swr = apiCacheProvider(new Map());
  swr.set(apiCacheKey('profile', { id: '7' }), { data: 'u7' });
  swr.set('categories', { data: [] });
  writeEntry(apiCacheKey('profile', { id: '7' }), 'u7', apiCachePolicies.profile);
  writeEntry(apiCacheKey('posts', { page: 1 }), [], apiCachePolicies.posts);
  installConsoleHelpers();
});

afterEach(async () => {
  await clearApiCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('console helpers on window', () => {
  it('print cache statistics of SWR, the stored entries and the service worker', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const table = vi.spyOn(console, 'table').mockImplementation(() => undefined);
    const stats = await window.printCacheStats();
    expect(stats.swr).toEqual({ keys: 2, byApi: { profile: 1 } });
    expect(stats.stored.profile.entries).toBe(1);
    expect(stats.stored.posts.entries).toBe(1);
    expect(stats.serviceWorker).toEqual({
      'vibe-api-3': 2,
      'vibe-images-v1': 1,
      'vibe-saved-3': 1,
    });
    expect(table).toHaveBeenCalled();
  });

  it('clear one API’s data, stored and in the worker', async () => {
    await expect(window.clearApiCache('profile')).resolves.toEqual({ stored: 1, serviceWorker: 1 });
    expect(sessionStorage.getItem(apiCacheKey('profile', { id: '7' }))).toBeNull();
    expect(localStorage.getItem(apiCacheKey('posts', { page: 1 }))).not.toBeNull();
    expect([...(worker.stores.get('vibe-api-3') ?? [])]).toEqual([`${origin}/api/posts?page=1`]);
  });

  it('clear all cached API data but leave images, saved notes and others’ caches', async () => {
    await expect(window.clearAllApiCache()).resolves.toEqual({ stored: 2, serviceWorker: 1 });
    expect(localStorage.length + sessionStorage.length).toBe(0);
    expect([...worker.stores.keys()]).toEqual(['vibe-images-v1', 'vibe-saved-3', 'someone-else']);
  });
});
