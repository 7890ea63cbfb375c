import type { Kysely } from 'kysely';
import type { TagSort } from '../../../contract/community.ts';
import type { Database } from '../../db/schema.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { FeedKey } from '../posts/feed-cursor.ts';
import { CARD_COLUMNS } from '../posts/post-repository.ts';
import type { PostCardRow } from '../posts/post-repository.ts';

const cardColumns = CARD_COLUMNS.map((column) => `posts.${column}` as const);

/** Tag pages and followed tags; every tag here is a key (contract/tag-rules.ts). */
export function createTagRepository(db: Kysely<Database>) {
  return {
    /**
     * A tag's published notes: newest through post_tags_tag_published in its order; popular
     * sorts only this tag's notes by their likes.
     */
    listByTag(tag: string, sort: TagSort, window: PageWindow): Promise<PostCardRow[]> {
      let query = db
        .selectFrom('post_tags')
        .innerJoin('posts', 'posts.id', 'post_tags.post_id')
        .select(cardColumns)
        .where('post_tags.tag', '=', tag)
        .where('posts.status', '=', 'approved');
      query =
        sort === 'popular'
          ? query.orderBy('posts.likes_count', 'desc').orderBy('post_tags.published_at', 'desc')
          : query.orderBy('post_tags.published_at', 'desc');
      return query
        .orderBy('post_tags.post_id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
    },

    async countByTag(tag: string): Promise<number> {
      const row = await db
        .selectFrom('post_tags')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tag', '=', tag)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** False when the follow already existed. */
    async follow(userId: number, tag: string, now = Date.now()): Promise<boolean> {
      const result = await db
        .insertInto('tag_follows')
        .values({ user_id: userId, tag, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'tag']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** False when there was no follow to remove. */
    async unfollow(userId: number, tag: string): Promise<boolean> {
      const result = await db
        .deleteFrom('tag_follows')
        .where('user_id', '=', userId)
        .where('tag', '=', tag)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async isFollowing(userId: number, tag: string): Promise<boolean> {
      const row = await db
        .selectFrom('tag_follows')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('tag', '=', tag)
        .executeTakeFirst();
      return row !== undefined;
    },

    async followersCount(tag: string): Promise<number> {
      const row = await db
        .selectFrom('tag_follows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tag', '=', tag)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Published notes carrying a tag `userId` follows, newest first: the tag_follows key finds
     * the tags, post_tags_tag_published their notes (a note with two followed tags comes twice;
     * the caller merges).
     */
    followedTagFeed(
      userId: number,
      limit: number,
      after: FeedKey | null,
    ): Promise<(PostCardRow & { published_at: number | null })[]> {
      let query = db
        .selectFrom('tag_follows')
        .innerJoin('post_tags', 'post_tags.tag', 'tag_follows.tag')
        .innerJoin('posts', 'posts.id', 'post_tags.post_id')
        .select(cardColumns)
        .where('tag_follows.user_id', '=', userId)
        .where('posts.status', '=', 'approved');
      if (after) {
        query = query.where((eb) =>
          eb(
            eb.refTuple('post_tags.published_at', 'post_tags.post_id'),
            '<',
            eb.tuple(after.value, after.id),
          ),
        );
      }
      return query
        .orderBy('post_tags.published_at', 'desc')
        .orderBy('post_tags.post_id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Notes in the 关注 feed: of followed people or followed tags, each once. */
    async countFollowFeed(userId: number): Promise<number> {
      const ids = db
        .selectFrom('follows')
        .innerJoin('posts', 'posts.author_id', 'follows.followee_id')
        .select('posts.id as id')
        .where('follows.follower_id', '=', userId)
        .where('posts.status', '=', 'approved')
        .union(
          db
            .selectFrom('tag_follows')
            .innerJoin('post_tags', 'post_tags.tag', 'tag_follows.tag')
            .select('post_tags.post_id as id')
            .where('tag_follows.user_id', '=', userId),
        );
      const row = await db
        .selectFrom(ids.as('feed'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type TagRepository = ReturnType<typeof createTagRepository>;
