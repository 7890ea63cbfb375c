import type { Kysely, Migration } from 'kysely';

/**
 * Answers to writes sent with an `Idempotency-Key` (server/plugins/idempotency.ts). The key is
 * scoped by who sent it (`u:<user id>`, or `a:<address>` before signing in), so the table
 * replaces the user-only `idempotency_keys` of the first schema, which nothing wrote to, and the
 * publish-only key column on posts that the plugin now stands in for.
 */
export function idempotentRequestsSchema(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('idempotency_keys').execute();
      await db.schema.dropIndex('posts_author_idempotency').execute();
      await db.schema.alterTable('posts').dropColumn('idempotency_key').execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('scope', 'varchar(64)', (c) => c.notNull())
        .addColumn('key', 'varchar(64)', (c) => c.notNull())
        // sha-256 of method, path and body: the same key with another request is refused.
        .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
        // Null while the first request is still being handled.
        .addColumn('status', 'integer')
        .addColumn('content_type', 'varchar(128)')
        .addColumn('response', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_expires')
        .on('idempotency_keys')
        .column('expires_at')
        .execute();
    },
  };
}
