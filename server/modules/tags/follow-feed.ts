import type { PageWindow } from '../../lib/pagination.ts';
import type { FeedKey } from '../posts/feed-cursor.ts';
import type { PostCardRow } from '../posts/post-repository.ts';
import type { FollowRepository } from '../follows/follow-repository.ts';
import type { TagRepository } from './tag-repository.ts';

type FeedRow = PostCardRow & { published_at: number | null };

/** Newest first by (published_at, id), the order both halves are read in. */
const newestFirst = (a: FeedRow, b: FeedRow) =>
  (b.published_at ?? 0) - (a.published_at ?? 0) || b.id - a.id;

/**
 * The 关注 feed: notes of followed people and of followed tags, each once, newest first.
 * Each half is an indexed range read up to the end of the page; the merge keeps the first
 * `offset + limit` of their union, which is exact because both halves share one order.
 */
export function createFollowFeed(deps: { follows: FollowRepository; tags: TagRepository }) {
  return {
    /** The page's rows, plus one more when a next page exists. */
    async rows(
      userId: number,
      window: Pick<PageWindow, 'limit' | 'offset'>,
      after: FeedKey | null,
    ): Promise<FeedRow[]> {
      const reach = (after ? 0 : window.offset) + window.limit + 1;
      const [people, tagged] = await Promise.all([
        deps.follows.followingFeed(userId, { limit: reach, offset: 0 }, after),
        deps.tags.followedTagFeed(userId, reach, after),
      ]);
      const byId = new Map<number, FeedRow>();
      for (const row of [...people, ...tagged]) byId.set(row.id, row);
      const merged = [...byId.values()].sort(newestFirst);
      return merged.slice(after ? 0 : window.offset, reach);
    },
  };
}
