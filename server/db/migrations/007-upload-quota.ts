import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * Uploads per user and day, counted by one conditional upsert so parallel uploads cannot pass
 * the limit together; and the index the clean-up of never-attached uploads reads by.
 */
export function uploadQuotaSchema(dialect: DialectName): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('upload_quota')
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('upload_quota_pk', ['user_id', 'day'])
        .execute();
      await db.schema.createIndex('upload_quota_day').on('upload_quota').column('day').execute();
      await db.schema
        .createIndex('uploads_unattached')
        .on('uploads')
        .columns(['post_id', 'created_at'])
        .execute();
    },
  };
}
