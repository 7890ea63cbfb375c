import { useCallback, useMemo, useRef } from 'react';
import { unstable_serialize as serializeKey } from 'swr';
import useSWRInfinite, { unstable_serialize as serializeInfiniteKey } from 'swr/infinite';
import type { PostCard } from '../../../../contract/post';
import { keepUnchangedPosts } from '../keep-unchanged-posts';

/** One page of notes, whatever list it came from. */
export interface PostPage {
  posts: PostCard[];
  page: number;
  pages: number;
  /** How many notes the whole list holds, when the server says. */
  total?: number;
  /** Lists paged by cursor (the feeds): where the next page starts; null after the last. */
  nextCursor?: string | null;
}

/** The next page's cursor, null at the end, or undefined for lists paged by number. */
const cursorAfter = (page: PostPage | null) => page?.nextCursor;

const isLastPage = (page: PostPage) =>
  page.nextCursor === undefined ? page.page >= page.pages : page.nextCursor === null;

/** SWR's key of one page of the list named `key`: its number, and the cursor it starts at. */
function pageKey(key: readonly unknown[] | null, index: number, previous: PostPage | null) {
  if (!key || (previous && isLastPage(previous))) return null;
  return [...key, index + 1, cursorAfter(previous) ?? null] as const;
}

/**
 * The cache keys of a list's first page, for a page rendered on the server: the list's own
 * (what the hook reads) and the page's (what loading the next page reads again).
 */
export function firstPageCacheKeys(key: readonly unknown[]): { list: string; page: string } {
  return {
    list: serializeInfiniteKey((index, previous: PostPage | null) => pageKey(key, index, previous)),
    page: serializeKey(pageKey(key, 0, null)),
  };
}

export interface PagedPosts {
  posts: PostCard[];
  total: number | undefined;
  /** The first page is on its way (show skeletons). */
  isLoading: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  /** A next page exists and nothing is on its way: the list may ask for it now. */
  canLoadMore: boolean;
  error: unknown;
  loadMore: () => void;
  retry: () => void;
  /** Re-fetches every loaded page (after a change the list should show). */
  refresh: () => Promise<unknown>;
  /** Changes one note in place without a round trip. */
  updatePost: (id: string, change: (post: PostCard) => PostCard | null) => void;
}

/**
 * Any paged list of notes, loaded page by page for infinite scroll. `key` names the list
 * (null: load nothing); `fetchPage` loads one page of it: by number, and by the previous
 * page's cursor where the list gives one (then notes published meanwhile never shift it).
 */
export function usePagedPosts(
  key: readonly unknown[] | null,
  fetchPage: (page: number, cursor?: string) => Promise<PostPage>,
): PagedPosts {
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite(
    (index, previous: PostPage | null) => pageKey(key, index, previous),
    (pageKey) =>
      fetchPage(
        pageKey[pageKey.length - 2] as number,
        (pageKey[pageKey.length - 1] as string | null) ?? undefined,
      ),
    {
      revalidateFirstPage: false,
      revalidateOnFocus: false,
    },
  );

  const pages = useMemo(() => data ?? [], [data]);
  const last = pages[pages.length - 1];
  const hasMore = !last || !isLastPage(last);
  const isLoadingMore = !error && size > 0 && pages.length < size;
  // Only a cache of notes equal to the ones shown: a discarded render leaves nothing wrong in it.
  const shown = useRef<PostCard[]>([]);
  const posts = useMemo(() => {
    const seen = new Set<string>();
    // A note that moved between pages while scrolling would otherwise show twice.
    const unique = pages.flatMap((page) =>
      page.posts.filter((post) => !seen.has(post.id) && seen.add(post.id)),
    );
    shown.current = keepUnchangedPosts(shown.current, unique);
    return shown.current;
  }, [pages]);

  const loadMore = useCallback(() => {
    if (!error && !isValidating) void setSize((current) => current + 1);
  }, [error, isValidating, setSize]);

  const retry = useCallback(() => {
    void mutate();
  }, [mutate]);

  const updatePost = useCallback(
    (id: string, change: (post: PostCard) => PostCard | null) => {
      void mutate(
        (current) =>
          current?.map((page) => ({
            ...page,
            posts: page.posts.flatMap((post) => {
              if (post.id !== id) return [post];
              const changed = change(post);
              return changed ? [changed] : [];
            }),
          })),
        { revalidate: false },
      );
    },
    [mutate],
  );

  return {
    posts,
    total: pages[0]?.total,
    // SWR counts a list as loading whenever it is about to revalidate, even with a first page
    // on screen; skeletons would then replace those cards until the answer arrives.
    isLoading: Boolean(key) && isLoading && pages.length === 0,
    isLoadingMore: Boolean(key) && !isLoading && isLoadingMore,
    hasMore: Boolean(key) && hasMore,
    // Not while any page is on its way (a refresh of the first page included): loadMore
    // would ignore the call, and a trigger that fired then must fire again once this turns true.
    canLoadMore: Boolean(key) && hasMore && !error && !isLoading && !isValidating,
    error,
    loadMore,
    retry,
    refresh: mutate,
    updatePost,
  };
}
