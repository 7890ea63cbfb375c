import type { Kysely, Migration } from 'kysely';

/**
 * A keyed write marks its claim in its own transaction (server/db/keyed-writes.ts), so a retry
 * after the process died between the commit and the stored answer does not write twice.
 */
export function idempotencyCommitMarksSchema(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('idempotency_keys').addColumn('committed_at', 'bigint').execute();
      await db.schema.alterTable('idempotency_keys').addColumn('resource', 'varchar(64)').execute();
    },
  };
}
