import { describe, expect, it } from 'vitest';
import { cacheNames, outdatedCaches } from './cache-names';

describe('cache names', () => {
  it('version API copies by schema and leave others’ caches alone', () => {
    const current = cacheNames('s2');
    const existing = [
      'vibe-api-s1',
      'vibe-saved-s1',
      current.api,
      current.saved,
      current.images,
      'workbox-precache-v2-https://notes.example/',
      'someone-else',
    ];
    expect(outdatedCaches(existing, current)).toEqual(['vibe-api-s1', 'vibe-saved-s1']);
  });

  it('keep images across schema changes', () => {
    expect(cacheNames('s1').images).toBe(cacheNames('s2').images);
    expect(cacheNames('s1').api).not.toBe(cacheNames('s2').api);
  });
});
