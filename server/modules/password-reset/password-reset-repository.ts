import type { Kysely, Selectable } from 'kysely';
import type { Database, PasswordResetsTable } from '../../db/schema.ts';

export type PasswordResetRow = Selectable<PasswordResetsTable>;

export function createPasswordResetRepository(db: Kysely<Database>) {
  return {
    /** Stores a new token and lets the user's earlier links expire: only the latest works. */
    async insert(reset: {
      tokenHash: string;
      userId: number;
      createdAt: number;
      expiresAt: number;
    }) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('password_resets')
          .set({ expires_at: reset.createdAt })
          .where('user_id', '=', reset.userId)
          .where('used_at', 'is', null)
          .where('expires_at', '>', reset.createdAt)
          .execute();
        await trx
          .insertInto('password_resets')
          .values({
            token_hash: reset.tokenHash,
            user_id: reset.userId,
            expires_at: reset.expiresAt,
            used_at: null,
            created_at: reset.createdAt,
          })
          .execute();
      });
    },

    find(tokenHash: string): Promise<PasswordResetRow | undefined> {
      return db
        .selectFrom('password_resets')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** True for the one request that spends a live token; a concurrent replay gets false. */
    async markUsed(tokenHash: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
