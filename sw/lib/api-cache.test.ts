import { describe, expect, it } from 'vitest';
import {
  ANONYMOUS_VIEWER,
  apiCacheKey,
  isCacheableApiResponse,
  isCachedApiRead,
  isUsableCopy,
  stampForCache,
  viewerOf,
} from './api-cache';

const origin = 'https://notes.example';
const url = (path: string) => new URL(path, origin);

describe('isCachedApiRead', () => {
  it.each([
    '/api/posts?page=2',
    '/api/posts/12',
    '/api/posts/12/comments',
    '/api/posts/user/me',
    '/api/categories',
    '/api/drafts',
    '/api/auth/me',
  ])('keeps GET %s', (path) => {
    expect(isCachedApiRead('GET', url(path), origin)).toBe(true);
  });

  it.each([
    '/api/notifications',
    '/api/notifications/unread-count',
    '/api/messages/unread-count',
    '/api/events',
    '/api/posts/admin/pending',
    '/api/posts/stats',
    '/api/payments/orders',
    '/api/uploads/a.jpg',
  ])('never keeps GET %s', (path) => {
    expect(isCachedApiRead('GET', url(path), origin)).toBe(false);
  });

  it('never keeps writes or other origins', () => {
    expect(isCachedApiRead('POST', url('/api/posts'), origin)).toBe(false);
    expect(isCachedApiRead('GET', new URL('/api/posts', 'https://other.example'), origin)).toBe(
      false,
    );
  });
});

describe('apiCacheKey', () => {
  it('ignores the timestamp parameter and the order of parameters', () => {
    const first = apiCacheKey(url('/api/posts?page=1&limit=10&_t=111'), 'anon');
    const second = apiCacheKey(url('/api/posts?limit=10&_t=222&page=1'), 'anon');
    expect(first).toBe(second);
    expect(first).not.toContain('_t=');
  });

  it('shares one copy of viewer-independent reads', () => {
    expect(apiCacheKey(url('/api/categories?_t=1'), 'abc')).toBe(
      apiCacheKey(url('/api/categories'), ANONYMOUS_VIEWER),
    );
  });

  it('keeps every other parameter and the viewer apart', () => {
    expect(apiCacheKey(url('/api/posts?page=1'), 'anon')).not.toBe(
      apiCacheKey(url('/api/posts?page=2'), 'anon'),
    );
    expect(apiCacheKey(url('/api/posts/1'), 'anon')).not.toBe(
      apiCacheKey(url('/api/posts/1'), 'abc'),
    );
  });
});

describe('viewerOf', () => {
  it('hashes the bearer token and never stores it', async () => {
    const viewer = await viewerOf('Bearer secret-token');
    expect(viewer).toMatch(/^[0-9a-f]{16}$/);
    expect(viewer).toBe(await viewerOf('Bearer secret-token'));
    expect(viewer).not.toBe(await viewerOf('Bearer other-token'));
    expect(await viewerOf(null)).toBe(ANONYMOUS_VIEWER);
  });
});

describe('stored copies', () => {
  const json = () =>
    new Response('{"posts":[]}', { headers: { 'content-type': 'application/json' } });

  it('are usable under the same schema while young', async () => {
    const stored = await stampForCache(json(), 'schema-a', 1_000);
    expect(await stored.clone().json()).toEqual({ posts: [] });
    expect(isUsableCopy(stored, 'schema-a', 60_000, 30_000)).toBe(true);
    expect(isUsableCopy(stored, 'schema-a', 60_000, 62_000)).toBe(false);
  });

  it('are dropped when the schema changed', async () => {
    const stored = await stampForCache(json(), 'schema-a', 1_000);
    expect(isUsableCopy(stored, 'schema-b', 60_000, 2_000)).toBe(false);
    expect(isUsableCopy(json(), 'schema-a', 60_000, 2_000)).toBe(false);
  });

  it('keep only successful JSON answers', () => {
    expect(isCacheableApiResponse(json())).toBe(true);
    expect(isCacheableApiResponse(new Response('{}', { status: 500 }))).toBe(false);
    expect(
      isCacheableApiResponse(
        new Response('{}', {
          headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
        }),
      ),
    ).toBe(false);
  });
});
