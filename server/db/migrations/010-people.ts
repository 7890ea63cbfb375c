import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * Managing people: a mute (until a time) and a ban on the user row, so the session lookup every
 * request already makes carries them; the admin audit log; and the index that counts the
 * reports against one person.
 */
export function peopleManagementSchema(dialect: DialectName): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('muted_until', 'bigint').execute();
      await db.schema.alterTable('users').addColumn('mute_reason', 'text').execute();
      await db.schema.alterTable('users').addColumn('banned_at', 'bigint').execute();
      await db.schema.alterTable('users').addColumn('ban_reason', 'text').execute();
      await db.schema
        .createTable('admin_audit')
        .addColumn('id', idType, (c) =>
          dialect === 'sqlite'
            ? c.primaryKey().autoIncrement()
            : c.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('admin_id', idType, (c) => c.notNull())
        .addColumn('action', 'varchar(32)', (c) => c.notNull())
        .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('target_id', idType, (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('detail', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // The log is read newest first by id (the primary key); no further index is needed.
      await db.schema
        .createIndex('reports_target_author')
        .on('reports')
        .column('target_author_id')
        .execute();
    },
  };
}
