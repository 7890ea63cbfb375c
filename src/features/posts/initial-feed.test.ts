import { afterEach, describe, expect, it } from 'vitest';
import { resetInitialFeed, takeInitialFeed } from './initial-feed';

function inline(json: string, query = 'sort=recommended&page=1&limit=20') {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'initial-feed';
  element.dataset.query = query;
  element.textContent = json;
  document.body.append(element);
}

afterEach(() => {
  resetInitialFeed();
  document.getElementById('initial-feed')?.remove();
});

describe('takeInitialFeed', () => {
  it('reads the inlined first page once and removes it from the page', () => {
    const page = { posts: [{ id: '1' }], total: 1, page: 1, pages: 1 };
    inline(JSON.stringify(page));
    expect(takeInitialFeed()).toEqual(page);
    expect(document.getElementById('initial-feed')).toBeNull();
    expect(takeInitialFeed()).toEqual(page);
  });

  it('ignores a page inlined for another query, unreadable JSON, or none at all', () => {
    inline(JSON.stringify({ posts: [] }), 'sort=popular&page=1&limit=20');
    expect(takeInitialFeed()).toBeNull();
    resetInitialFeed();
    inline('{"posts": [');
    expect(takeInitialFeed()).toBeNull();
    resetInitialFeed();
    expect(takeInitialFeed()).toBeNull();
  });
});
