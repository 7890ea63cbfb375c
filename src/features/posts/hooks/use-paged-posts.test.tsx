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
});
