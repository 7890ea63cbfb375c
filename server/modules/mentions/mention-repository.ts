import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Who can be told about a mention, and whom a note has told already. */
export function createMentionRepository(db: Kysely<Database>) {
  return {
    /** The users these names belong to, banned ones left out (unique username index). */
    async reachableByName(names: string[]): Promise<{ id: number; username: string }[]> {
      if (names.length === 0) return [];
      return db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('username', 'in', names)
        .where('banned_at', 'is', null)
        .execute();
    },

    /**
     * Records that a note mentioned these users and answers those it had not mentioned
     * before: the primary key makes this hold under concurrent approvals and edits too.
     */
    async recordNew(postId: number, userIds: number[], now = Date.now()): Promise<number[]> {
      const fresh: number[] = [];
      for (const userId of userIds) {
        const result = await db
          .insertInto('post_mentions')
          .values({ post_id: postId, user_id: userId, created_at: now })
          .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) fresh.push(userId);
      }
      return fresh;
    },

    findPost(postId: number) {
      return db
        .selectFrom('posts')
        .select(['id', 'author_id', 'content', 'price_cents', 'status'])
        .where('id', '=', postId)
        .executeTakeFirst();
    },

    findComment(commentId: number) {
      return db
        .selectFrom('comments')
        .select(['id', 'author_id', 'content'])
        .where('id', '=', commentId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },
  };
}

export type MentionRepository = ReturnType<typeof createMentionRepository>;
