import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Window } from './post-repository.ts';

export type ReactionKind = 'likes' | 'favorites';

const COUNT_COLUMN = { likes: 'likes_count', favorites: 'favorites_count' } as const;

/** Likes and favorites: the same toggle over two tables, each with a counter on the note. */
export function createReactionRepository(db: Kysely<Database>, table: ReactionKind) {
  const counter = COUNT_COLUMN[table];

  return {
    /** Adds or removes the caller's mark and keeps the note's counter in step, atomically. */
    toggle(
      userId: number,
      postId: number,
      now = Date.now(),
    ): Promise<{ on: boolean; count: number }> {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom(table)
          .where('post_id', '=', postId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        let on = false;
        let delta = 0;
        if (Number(removed.numDeletedRows) > 0) {
          delta = -1;
        } else {
          const added = await trx
            .insertInto(table)
            .values({ user_id: userId, post_id: postId, created_at: now })
            .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
            .executeTakeFirst();
          on = true;
          // A concurrent twin of this request may have inserted first: count it once.
          delta = Number(added.numInsertedOrUpdatedRows ?? 0) > 0 ? 1 : 0;
        }
        const row = await trx
          .updateTable('posts')
          .set((eb) => ({ [counter]: eb(counter, '+', delta) }))
          .where('id', '=', postId)
          .returning(counter)
          .executeTakeFirstOrThrow();
        return { on, count: Number((row as Record<string, number>)[counter]) };
      });
    },

    /** Which of these notes the user has marked (primary key post_id, user_id). */
    async markedAmong(userId: number, postIds: number[]): Promise<Set<number>> {
      if (postIds.length === 0) return new Set();
      const rows = await db
        .selectFrom(table)
        .select('post_id')
        .where('user_id', '=', userId)
        .where('post_id', 'in', postIds)
        .execute();
      return new Set(rows.map((row) => row.post_id));
    },

    /** The user's marked notes, latest first (index <table>_user). */
    async postIdsOf(userId: number, window: Window): Promise<number[]> {
      const rows = await db
        .selectFrom(table)
        .select('post_id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
      return rows.map((row) => row.post_id);
    },

    async countOf(userId: number): Promise<number> {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type ReactionRepository = ReturnType<typeof createReactionRepository>;
