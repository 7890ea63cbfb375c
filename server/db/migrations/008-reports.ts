import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * Reports (举报) with the snapshot of what was reported, and the hidden flag that a resolved
 * report may set on a comment or a direct message (a hidden note is a rejected one).
 */
export function reportsSchema(dialect: DialectName): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reports')
        .addColumn('id', idType, (c) =>
          dialect === 'sqlite'
            ? c.primaryKey().autoIncrement()
            : c.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('reporter_id', idType, (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('target_id', idType, (c) => c.notNull())
        .addColumn('target_author_id', idType)
        .addColumn('reason', 'varchar(16)', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('action', 'varchar(16)')
        .addColumn('resolved_by', idType)
        .addColumn('resolved_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // One open report per reporter and target; the service checks first, this settles races.
      await db.schema
        .createIndex('reports_open_once')
        .on('reports')
        .columns(['reporter_id', 'target_type', 'target_id'])
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute();
      // The admin queue (grouped per target) and resolving every open report of one target.
      await db.schema
        .createIndex('reports_status_target')
        .on('reports')
        .columns(['status', 'target_type', 'target_id'])
        .execute();
      await db.schema.alterTable('comments').addColumn('hidden_reason', 'text').execute();
      await db.schema.alterTable('messages').addColumn('hidden_reason', 'text').execute();
    },
  };
}
