import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * Web Push subscriptions: one row per browser endpoint (unique, so subscribing again updates
 * it), found by user when news arrives.
 */
export function pushSubscriptionsSchema(dialect: DialectName): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', idType, (c) =>
          dialect === 'sqlite'
            ? c.primaryKey().autoIncrement()
            : c.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('endpoint', 'varchar(2048)', (c) => c.notNull().unique())
        .addColumn('p256dh', 'varchar(128)', (c) => c.notNull())
        .addColumn('auth', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_user')
        .on('push_subscriptions')
        .columns(['user_id', 'updated_at'])
        .execute();
    },
  };
}
