import { describe, expect, it } from 'vitest';
import { apiCacheKey, apiNameOf, sortedJson } from './cache-key';

describe('apiCacheKey', () => {
  it('is api_cache: + API name + parameters with sorted keys', () => {
    expect(apiCacheKey('profile', { id: '7', tab: 'likes' })).toBe(
      'api_cache:profile:{"id":"7","tab":"likes"}',
    );
    expect(apiCacheKey('profile', { tab: 'likes', id: '7' })).toBe(
      apiCacheKey('profile', { id: '7', tab: 'likes' }),
    );
    expect(apiCacheKey('stats')).toBe('api_cache:stats:{}');
  });

  it('sorts nested objects too and keeps arrays in order', () => {
    expect(sortedJson({ b: { d: 1, c: [2, 1] }, a: null })).toBe(
      '{"a":null,"b":{"c":[2,1],"d":1}}',
    );
  });

  it('refuses a name that would make keys ambiguous', () => {
    expect(() => apiCacheKey('a:b')).toThrow();
  });
});

describe('apiNameOf', () => {
  it('reads the name back, and nothing from other keys', () => {
    expect(apiNameOf(apiCacheKey('followStatus', { userId: '3' }))).toBe('followStatus');
    expect(apiNameOf('categories')).toBeNull();
    expect(apiNameOf(['profile-user', '3'])).toBeNull();
    expect(apiNameOf('api_cache:')).toBeNull();
  });
});
