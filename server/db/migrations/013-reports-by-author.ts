import type { Kysely, Migration } from 'kysely';

/**
 * The report queue limited to one person (`/admin/reports?authorId=`): their reports in one
 * status, grouped per target in index order. Its first column also serves the per-person counts
 * of /admin/users, so the single-column reports_target_author (migration 010) goes.
 */
export function reportsByAuthorSchema(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('reports_author_status_target')
        .on('reports')
        .columns(['target_author_id', 'status', 'target_type', 'target_id'])
        .execute();
      await db.schema.dropIndex('reports_target_author').execute();
    },
  };
}
