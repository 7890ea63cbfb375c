import type { PostSort } from '../../../../contract/post';
import { getFollowingPosts, getPosts } from '../api/get-posts';
import { usePagedPosts } from './use-paged-posts';

/** Cards per page of the home feed: enough to fill a wide waterfall at once. */
export const FEED_PAGE_SIZE = 20;

/** 推荐 (every category), 关注 (people the reader follows) or one category's slug. */
export type FeedTab = 'all' | 'following' | (string & {});

/** The SWR name of one tab's list in one order. */
export const feedListKey = (tab: FeedTab, sort: PostSort) => ['feed', tab, sort] as const;

export function useFeed(tab: FeedTab, sort: PostSort, enabled = true) {
  return usePagedPosts(enabled ? feedListKey(tab, sort) : null, (page, cursor) => {
    const query = { sort, page, limit: FEED_PAGE_SIZE, cursor };
    return tab === 'following'
      ? getFollowingPosts(query)
      : getPosts({ ...query, category: tab === 'all' ? undefined : tab });
  });
}
