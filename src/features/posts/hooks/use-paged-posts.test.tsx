import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import type { PostCard } from '../../../../contract/post';
import type { PostPage } from './use-paged-posts';
import { usePagedPosts } from './use-paged-posts';

function page(posts: PostCard[]): PostPage {
  return { posts, page: 1, pages: 1, total: posts.length };
}

function card(id: string, likesCount = 0): PostCard {
  return { id, _id: id, title: `标题 ${id}`, likesCount } as unknown as PostCard;
}

function freshCache({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
  );
}

/** A fetch the test answers when it likes. */
function deferredFetch() {
  let answer: (value: PostPage) => void = () => {};
  const fetchPage = () =>
    new Promise<PostPage>((resolve) => {
      answer = resolve;
    });
  return { fetchPage, answer: (value: PostPage) => answer(value) };
}

describe('usePagedPosts with an inlined first page', () => {
  it('shows the inlined notes, not a loading state, while the refresh is on its way', async () => {
    const network = deferredFetch();
    const inlined = page([card('1'), card('2')]);
    const { result } = renderHook(() => usePagedPosts(['feed'], network.fetchPage, inlined), {
      wrapper: freshCache,
    });
    expect(result.current.isLoading).toBe(false);
    expect(result.current.posts.map((post) => post.id)).toEqual(['1', '2']);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.posts).toHaveLength(2);
  });

  it('keeps the same list when the refresh brings equal notes, and takes a changed note', async () => {
    const network = deferredFetch();
    const inlined = page([card('1'), card('2')]);
    const { result } = renderHook(() => usePagedPosts(['feed'], network.fetchPage, inlined), {
      wrapper: freshCache,
    });
    const shown = result.current.posts;
    await act(async () => network.answer(page([card('1'), card('2')])));
    expect(result.current.posts).toBe(shown);

    await act(async () => {
      void result.current.refresh();
    });
    await act(async () => network.answer(page([card('1'), card('2', 9)])));
    await waitFor(() => expect(result.current.posts[1].likesCount).toBe(9));
    expect(result.current.posts[0]).toBe(shown[0]);
  });
});

describe('usePagedPosts with a cursor', () => {
  it('asks for each next page with the cursor of the page before, and stops at null', async () => {
    const fetchPage = vi.fn(async (pageNumber: number, _cursor?: string) =>
      pageNumber === 1
        ? { ...page([card('1'), card('2')]), pages: 2, nextCursor: 'after-2' }
        : { ...page([card('3')]), page: 2, pages: 2, nextCursor: null },
    );
    const { result } = renderHook(() => usePagedPosts(['cursor-feed'], fetchPage), {
      wrapper: freshCache,
    });
    await waitFor(() => expect(result.current.canLoadMore).toBe(true));
    expect(fetchPage).toHaveBeenCalledWith(1, undefined);
    act(() => result.current.loadMore());
    await waitFor(() =>
      expect(result.current.posts.map((post) => post.id)).toEqual(['1', '2', '3']),
    );
    expect(fetchPage).toHaveBeenLastCalledWith(2, 'after-2');
    expect(result.current.hasMore).toBe(false);
    expect(result.current.canLoadMore).toBe(false);
  });

  it('may not load more while the inlined first page is being refreshed, and may after', async () => {
    const network = deferredFetch();
    const inlined = { ...page([card('1')]), pages: 3, nextCursor: 'after-1' };
    const fetchPage = vi.fn(network.fetchPage);
    const { result } = renderHook(() => usePagedPosts(['feed'], fetchPage, inlined), {
      wrapper: freshCache,
    });
    expect(result.current.hasMore).toBe(true);
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    // A trigger that fires now would be ignored: the list says it cannot load yet.
    expect(result.current.canLoadMore).toBe(false);
    await act(async () => network.answer(inlined));
    await waitFor(() => expect(result.current.canLoadMore).toBe(true));
  });
});
