import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { FeedKey } from '../posts/feed-cursor.ts';
import { CARD_COLUMNS } from '../posts/post-repository.ts';
import type { PostCardRow } from '../posts/post-repository.ts';
import type { UserRow } from '../users/user-repository.ts';

export function createFollowRepository(db: Kysely<Database>) {
  return {
    /** False when the follow already existed. */
    async follow(followerId: number, followeeId: number, now = Date.now()): Promise<boolean> {
      const result = await db
        .insertInto('follows')
        .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
        .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** False when there was nothing to remove. */
    async unfollow(followerId: number, followeeId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('follows')
        .where('follower_id', '=', followerId)
        .where('followee_id', '=', followeeId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async isFollowing(followerId: number, followeeId: number): Promise<boolean> {
      const row = await db
        .selectFrom('follows')
        .select('follower_id')
        .where('follower_id', '=', followerId)
        .where('followee_id', '=', followeeId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whom `userId` follows, most recent first (index follows_follower_created). */
    listFollowing(userId: number, window: PageWindow): Promise<UserRow[]> {
      return db
        .selectFrom('follows')
        .innerJoin('users', 'users.id', 'follows.followee_id')
        .selectAll('users')
        .where('follows.follower_id', '=', userId)
        .orderBy('follows.created_at', 'desc')
        .orderBy('follows.followee_id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
    },

    /** Who follows `userId`, most recent first (index follows_followee). */
    listFollowers(userId: number, window: PageWindow): Promise<UserRow[]> {
      return db
        .selectFrom('follows')
        .innerJoin('users', 'users.id', 'follows.follower_id')
        .selectAll('users')
        .where('follows.followee_id', '=', userId)
        .orderBy('follows.created_at', 'desc')
        .orderBy('follows.follower_id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
    },

    async countFollowing(userId: number): Promise<number> {
      const row = await db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('follower_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async countFollowers(userId: number): Promise<number> {
      const row = await db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('followee_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Published notes of the people `userId` follows, newest first: the follows primary key
     * finds the authors, posts_author_published their notes.
     */
    followingFeed(
      userId: number,
      window: Pick<PageWindow, 'limit' | 'offset'>,
      /** Keyset: the page starts after this note (published_at, id); offset is then ignored. */
      after: FeedKey | null = null,
    ): Promise<PostCardRow[]> {
      let query = db
        .selectFrom('follows')
        .innerJoin('posts', 'posts.author_id', 'follows.followee_id')
        .select(CARD_COLUMNS.map((column) => `posts.${column}` as const))
        .where('follows.follower_id', '=', userId)
        .where('posts.status', '=', 'approved');
      if (after) {
        query = query.where((eb) =>
          eb(eb.refTuple('posts.published_at', 'posts.id'), '<', eb.tuple(after.value, after.id)),
        );
      }
      query = query
        .orderBy('posts.published_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(window.limit);
      return after ? query.execute() : query.offset(window.offset).execute();
    },

    /** Every follower id, for fanning a new note out to them. */
    async followerIds(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('follows')
        .select('follower_id')
        .where('followee_id', '=', userId)
        .execute();
      return rows.map((row) => row.follower_id);
    },
  };
}

export type FollowRepository = ReturnType<typeof createFollowRepository>;
