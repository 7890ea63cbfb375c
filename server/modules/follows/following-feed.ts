import type { FeedPageQuery, PostList } from '../../../contract/post.ts';
import type { DomainEventBus } from '../../plugins/domain-events.ts';
import { pageCount, pageWindow } from '../../lib/pagination.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import type { Viewer } from '../users/viewer.ts';
import { decodeCursor, encodeCursor } from '../posts/feed-cursor.ts';
import type { PostPresenter } from '../posts/present-post.ts';
import { createFollowFeed } from '../tags/follow-feed.ts';
import type { TagRepository } from '../tags/tag-repository.ts';
import type { FollowRepository } from './follow-repository.ts';

/** The home page's 关注 tab: notes of the people and tags the reader follows, newest first. */
export function createFollowingFeed(deps: {
  follows: FollowRepository;
  tags: TagRepository;
  presenter: Pick<PostPresenter, 'cards'>;
}) {
  const { tags, presenter } = deps;
  const merged = createFollowFeed({ follows: deps.follows, tags });
  // Counting a reader's whole 关注 feed is a join: once per reader per TTL, never per page, and
  // again once the reader follows or leaves someone or a tag here.
  const feedTotals = createTtlCache<number>({ ttlMs: 10_000, maxEntries: 1000 });

  return {
    async page(viewer: Viewer, query: FeedPageQuery): Promise<PostList> {
      const window = pageWindow(query);
      const after = query.cursor ? decodeCursor(query.cursor, 'newest') : null;
      const [rows, total] = await Promise.all([
        // One row more than shown tells whether a next page exists.
        merged.rows(viewer.id, window, after),
        feedTotals.get(String(viewer.id), () => tags.countFollowFeed(viewer.id)),
      ]);
      const shown = rows.slice(0, window.limit);
      const last = shown.at(-1);
      return {
        posts: await presenter.cards(shown, viewer),
        total,
        page: window.page,
        pages: pageCount(total, window.limit),
        nextCursor:
          rows.length > window.limit && last
            ? encodeCursor('newest', { value: last.published_at ?? 0, id: last.id })
            : null,
      };
    },

    /** A reader who follows or leaves a person or a tag has their total counted again. */
    listen(events: DomainEventBus): void {
      const recount = (viewerId: number) => feedTotals.delete(String(viewerId));
      events.on('user.followed', ({ followerId }) => recount(followerId));
      events.on('user.unfollowed', ({ followerId }) => recount(followerId));
      events.on('tag.followed', ({ userId }) => recount(userId));
      events.on('tag.unfollowed', ({ userId }) => recount(userId));
    },
  };
}

export type FollowingFeed = ReturnType<typeof createFollowingFeed>;
