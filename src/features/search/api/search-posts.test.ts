import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchPosts } from './search-posts';

const emptyList = { posts: [], total: 0, page: 1, pages: 0 };

function stubFetch() {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(emptyList), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('searchPosts', () => {
  it.each(['', '   ', '\t\n'])('answers %j with nothing, without a call', async (keyword) => {
    const fetchMock = stubFetch();
    await expect(searchPosts(keyword, 1)).resolves.toEqual(emptyList);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed keyword, encoded, with the search page size', async () => {
    const fetchMock = stubFetch();
    await searchPosts('  AI 编程&设计  ', 2);
    const url = new URL(String(fetchMock.mock.calls[0][0]), window.location.origin);
    expect(url.pathname).toBe('/api/posts');
    expect(url.searchParams.get('search')).toBe('AI 编程&设计');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('limit')).toBe('20');
    expect(url.search).toContain('search=AI+%E7%BC%96%E7%A8%8B%26%E8%AE%BE%E8%AE%A1');
  });
});
