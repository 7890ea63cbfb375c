import type { PostList, PostSort } from '../../../../contract/post';
import { api } from '../../../lib/api/client';

export interface FeedQuery {
  /** A category slug; none for every category. */
  category?: string;
  sort: PostSort;
  page: number;
  limit: number;
  /** The previous page's `nextCursor`: the page after it, whatever was published since. */
  cursor?: string;
}

/** The home feed: published notes, ranked (综合), newest or the week's most liked first. */
export const getPosts = ({ category, sort, page, limit, cursor }: FeedQuery) =>
  api.get<PostList>('/api/posts', { query: { category, sort, page, limit, cursor } });

/** Notes by the people the caller follows, newest first. */
export const getFollowingPosts = ({ page, limit, cursor }: FeedQuery) =>
  api.get<PostList>('/api/posts/following-feed', { query: { page, limit, cursor } });
