import type { Insertable, Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { CommentsTable, Database } from '../../db/schema.ts';
import type { Window } from '../posts/post-repository.ts';

export type CommentRow = Selectable<CommentsTable>;

/** A comment hidden after a report stays visible to its author only. */
const shownTo = <Q extends SelectQueryBuilder<Database, 'comments', object>>(
  query: Q,
  viewerId: number | null,
): Q =>
  query.where((eb) =>
    viewerId === null
      ? eb('hidden_reason', 'is', null)
      : eb.or([eb('hidden_reason', 'is', null), eb('author_id', '=', viewerId)]),
  ) as Q;

export function createCommentRepository(db: Kysely<Database>) {
  return {
    /** Adds the comment and counts it on the note, together. */
    add(values: Insertable<CommentsTable>): Promise<CommentRow> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('comments')
          .values(values)
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('posts')
          .set((eb) => ({ comments_count: eb('comments_count', '+', 1) }))
          .where('id', '=', values.post_id)
          .execute();
        return row;
      });
    },

    findById(id: number): Promise<CommentRow | undefined> {
      return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Top-level comments, newest first (index comments_post). */
    listTopLevel(postId: number, window: Window, viewerId: number | null): Promise<CommentRow[]> {
      return shownTo(db.selectFrom('comments').selectAll().where('post_id', '=', postId), viewerId)
        .where('parent_id', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
    },

    async countTopLevel(postId: number, viewerId: number | null): Promise<number> {
      const row = await shownTo(
        db
          .selectFrom('comments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('post_id', '=', postId),
        viewerId,
      )
        .where('parent_id', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Replies to these comments, oldest first, as a conversation reads (index comments_parent). */
    repliesTo(parentIds: number[], viewerId: number | null): Promise<CommentRow[]> {
      if (parentIds.length === 0) return Promise.resolve([]);
      return shownTo(
        db.selectFrom('comments').selectAll().where('parent_id', 'in', parentIds),
        viewerId,
      )
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
    },

    /** Hides a reported comment from everyone but its author, who sees the reason. */
    async hide(id: number, reason: string): Promise<void> {
      await db
        .updateTable('comments')
        .set({ hidden_reason: reason })
        .where('id', '=', id)
        .execute();
    },

    /** Removes a comment with its replies and uncounts them; answers the note's new count. */
    remove(comment: CommentRow): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const replies = await trx
          .deleteFrom('comments')
          .where('parent_id', '=', comment.id)
          .executeTakeFirst();
        await trx.deleteFrom('comments').where('id', '=', comment.id).execute();
        const removed = 1 + Number(replies.numDeletedRows);
        const post = await trx
          .updateTable('posts')
          .set((eb) => ({ comments_count: eb('comments_count', '-', removed) }))
          .where('id', '=', comment.post_id)
          .returning('comments_count')
          .executeTakeFirst();
        return post?.comments_count ?? 0;
      });
    },
  };
}

export type CommentRepository = ReturnType<typeof createCommentRepository>;
