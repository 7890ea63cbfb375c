import type { Kysely, Migration } from 'kysely';

/**
 * One-time values already spent (OAuth `state`s, bind tickets): a replayed one finds its row and
 * is refused. Rows are dropped once the signed value they stand for has expired anyway.
 */
export function signInNoncesSchema(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('auth_nonces')
        .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('auth_nonces_expires')
        .on('auth_nonces')
        .column('expires_at')
        .execute();
    },
  };
}
