import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addSearchTerm,
  clearSearchHistory,
  loadSearchHistory,
  removeSearchTerm,
  withTerm,
} from './search-history';

beforeEach(async () => {
  await clearSearchHistory();
});

describe('withTerm', () => {
  it('puts the latest first, removes duplicates and keeps five', () => {
    const history = ['b', 'a', 'c', 'd', 'e'];
    expect(withTerm(history, 'a')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(withTerm(history, 'f')).toEqual(['f', 'b', 'a', 'c', 'd']);
    expect(withTerm(history, '  g  ')).toEqual(['g', 'b', 'a', 'c', 'd']);
    expect(withTerm(history, '   ')).toEqual(history);
  });
});

describe('stored history', () => {
  it('persists in IndexedDB, latest first, at most five', async () => {
    for (const term of ['AI', '编程', '设计', '生活', '摄影', 'AI', 'React']) {
      await addSearchTerm(term);
    }
    expect(await loadSearchHistory()).toEqual(['React', 'AI', '摄影', '生活', '设计']);
  });

  it('removes one term or all of them', async () => {
    await addSearchTerm('AI');
    await addSearchTerm('编程');
    expect(await removeSearchTerm('AI')).toEqual(['编程']);
    expect(await loadSearchHistory()).toEqual(['编程']);
    await clearSearchHistory();
    expect(await loadSearchHistory()).toEqual([]);
  });

  it('ignores a stored value that is not a list of strings', async () => {
    const db = await openDB('vibe-search-history', 1);
    await db.put('history', { not: 'a list' }, 'terms');
    db.close();
    expect(await loadSearchHistory()).toEqual([]);
    expect(await addSearchTerm('AI')).toEqual(['AI']);
  });
});
