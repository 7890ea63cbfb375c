import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Window } from './post-repository.ts';

export type ReactionKind = 'likes' | 'favorites';
/** SPEC.md's toggle (`POST`), or a set state (`PUT` true, `DELETE` false). */
export type ReactionWant = boolean | 'toggle';

const COUNT_COLUMN = { likes: 'likes_count', favorites: 'favorites_count' } as const;

/** Likes and favorites: the same toggle over two tables, each with a counter on the note. */
export function createReactionRepository(db: Kysely<Database>, table: ReactionKind) {
  const counter = COUNT_COLUMN[table];
  return {
    /**
     * Puts the caller's mark in the wanted state (`toggle` flips it) and keeps the note's counter
     * in step, atomically. `changed` is false when the mark already was as wanted.
     */
    set(
      userId: number,
      postId: number,
      want: ReactionWant,
      now = Date.now(),
    ): Promise<{ on: boolean; count: number; changed: boolean }> {
      return db.transaction().execute(async (trx) => {
        let on = want === true;
        let delta = 0;
        if (want !== true) {
          const removed = await trx
            .deleteFrom(table)
            .where('post_id', '=', postId)
            .where('user_id', '=', userId)
            .executeTakeFirst();
          if (Number(removed.numDeletedRows) > 0) delta = -1;
          else on = want === 'toggle';
        }
        if (on) {
          const added = await trx
            .insertInto(table)
            .values({ user_id: userId, post_id: postId, created_at: now })
            .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
            .executeTakeFirst();
          // Already marked (or a concurrent twin inserted first): count it once.
          delta = Number(added.numInsertedOrUpdatedRows ?? 0) > 0 ? 1 : 0;
        }
        const row = await trx
          .updateTable('posts')
          .set((eb) => ({ [counter]: eb(counter, '+', delta) }))
          .where('id', '=', postId)
          .returning(counter)
          .executeTakeFirstOrThrow();
        const count = Number((row as Record<string, number>)[counter]);
        return { on, count, changed: delta !== 0 };
      });
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
