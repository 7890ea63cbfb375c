import type { PostSort } from '../../../../contract/post';
import { getFollowingPosts, getPosts } from '../api/get-posts';
import { DEFAULT_SORT } from '../feed-sort';
import { takeInitialFeed } from '../initial-feed';
import { usePagedPosts } from './use-paged-posts';

/** Cards per page of the home feed: enough to fill a wide waterfall at once. */
export const FEED_PAGE_SIZE = 20;

/** 推荐 (every category), 关注 (people the reader follows) or one category's slug. */
export type FeedTab = 'all' | 'following' | (string & {});

export function useFeed(tab: FeedTab, sort: PostSort, enabled = true) {
  const isDefaultFeed = tab === 'all' && sort === DEFAULT_SORT;
  return usePagedPosts(
    enabled ? ['feed', tab, sort] : null,
    (page, cursor) => {
      const query = { sort, page, limit: FEED_PAGE_SIZE, cursor };
      return tab === 'following'
        ? getFollowingPosts(query)
        : getPosts({ ...query, category: tab === 'all' ? undefined : tab });
    },
    isDefaultFeed ? takeInitialFeed() : null,
  );
}
