import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Table of migration 002; typed here because only this module reads it. */
interface AuthNoncesTable {
  nonce: string;
  expires_at: number;
}

export function createNonceRepository(database: Kysely<Database>) {
  const db = database.withTables<{ auth_nonces: AuthNoncesTable }>();
  return {
    /**
     * Records the nonce as spent. True the first time; false for a replay (the primary key
     * refuses a second row, even from a concurrent request).
     */
    async spend(nonce: string, expiresAt: number, now = Date.now()): Promise<boolean> {
      await db.deleteFrom('auth_nonces').where('expires_at', '<', now).execute();
      const inserted = await db
        .insertInto('auth_nonces')
        .values({ nonce, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('nonce').doNothing())
        .returning('nonce')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}

export type NonceRepository = ReturnType<typeof createNonceRepository>;
