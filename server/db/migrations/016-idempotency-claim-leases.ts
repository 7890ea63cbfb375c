import type { Kysely, Migration } from 'kysely';

/**
 * The process running a keyed write renews its claim while it runs (server/plugins/
 * idempotency.ts), so a claim left by a process that died is known as such within seconds.
 */
export function idempotencyClaimLeasesSchema(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('idempotency_keys').addColumn('renewed_at', 'bigint').execute();
    },
  };
}
