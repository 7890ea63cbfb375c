import type { PostList, PostSort } from '../../../../contract/post';
import { api } from '../../../lib/api/client';

export interface FeedQuery {
  /** A category slug; none for every category. */
  category?: string;
  sort: PostSort;
  page: number;
  limit: number;
}

/** The home feed: published notes, newest or most liked first. */
export const getPosts = ({ category, sort, page, limit }: FeedQuery) =>
  api.get<PostList>('/api/posts', { query: { category, sort, page, limit } });

/** Notes by the people the caller follows, newest first. */
export const getFollowingPosts = ({ page, limit }: FeedQuery) =>
  api.get<PostList>('/api/posts/following-feed', { query: { page, limit } });
