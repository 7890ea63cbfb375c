import type { PostSort } from '../../../../contract/post';
import { ApiError } from '../../../lib/api/client';
import { getFollowingPosts, getPosts } from '../api/get-posts';
import { usePagedPosts } from './use-paged-posts';

/** Cards per page of the home feed: enough to fill a wide waterfall at once. */
export const FEED_PAGE_SIZE = 20;

/** 推荐 (every category), 关注 (people the reader follows) or one category's slug. */
export type FeedTab = 'all' | 'following' | (string & {});

export function useFeed(tab: FeedTab, sort: PostSort, enabled = true) {
  return usePagedPosts(enabled ? ['feed', tab, sort] : null, async (page) => {
    const query = { sort, page, limit: FEED_PAGE_SIZE };
    if (tab !== 'following') {
      return getPosts({ ...query, category: tab === 'all' ? undefined : tab });
    }
    try {
      return await getFollowingPosts(query);
    } catch (error) {
      // A server without the following feed yet: an empty feed, not an error.
      if (error instanceof ApiError && error.status === 404) return { posts: [], page, pages: 0 };
      throw error;
    }
  });
}
