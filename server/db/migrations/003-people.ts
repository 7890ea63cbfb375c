import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * Conversations (one row per participant, so the inbox is one index range ordered by the last
 * message) and the indexes the follow lists and the following feed read by.
 */
export function peopleSchema(dialect: DialectName): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('conversations')
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('other_id', idType, (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('last_message_id', idType, (c) => c.notNull())
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('conversations_pk', ['user_id', 'other_id'])
        .execute();
      await db.schema
        .createIndex('conversations_inbox')
        .on('conversations')
        .columns(['user_id', 'last_at'])
        .execute();
      await db.schema
        .createIndex('follows_follower_created')
        .on('follows')
        .columns(['follower_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('posts_author_published')
        .on('posts')
        .columns(['author_id', 'status', 'published_at'])
        .execute();
    },
  };
}
