import { sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.ts';

type Db = Kysely<unknown>;

/** Every query a page runs has an index here; tests check the query plans. */
export function initialSchema(dialect: DialectName): Migration {
  const id = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite'
      ? col.primaryKey().autoIncrement()
      : col.primaryKey().generatedByDefaultAsIdentity();
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  const millis = 'bigint';

  return {
    async up(db: Db) {
      await db.schema
        .createTable('users')
        .addColumn('id', idType, id)
        .addColumn('username', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('email', 'varchar(254)', (c) => c.unique())
        .addColumn('phone', 'varchar(20)', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('avatar', 'text')
        .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('premium_end_at', millis)
        .addColumn('atmosphere_value', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('last_login_day', 'varchar(10)')
        .addColumn('pinned_post_id', idType)
        .addColumn('created_at', millis, (c) => c.notNull())
        .addColumn('updated_at', millis, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', millis, (c) => c.notNull())
        .addColumn('expires_at', millis, (c) => c.notNull())
        .addColumn('revoked_at', millis)
        .addColumn('user_agent', 'text')
        .addColumn('ip', 'varchar(64)')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('social_accounts')
        .addColumn('id', idType, id)
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('openid', 'varchar(128)', (c) => c.notNull())
        .addColumn('nickname', 'text')
        .addColumn('avatar', 'text')
        .addColumn('created_at', millis, (c) => c.notNull())
        .addUniqueConstraint('social_accounts_provider_openid', ['provider', 'openid'])
        .execute();
      await db.schema
        .createIndex('social_accounts_user')
        .on('social_accounts')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('categories')
        .addColumn('id', idType, id)
        .addColumn('slug', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('posts')
        .addColumn('id', idType, id)
        .addColumn('author_id', idType, (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('excerpt', 'text', (c) => c.notNull())
        .addColumn('category_id', idType, (c) => c.notNull().references('categories.id'))
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('cover_url', 'text')
        .addColumn('cover_width', 'integer')
        .addColumn('cover_height', 'integer')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('reject_reason', 'text')
        .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('favorites_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('idempotency_key', 'varchar(64)')
        .addColumn('created_at', millis, (c) => c.notNull())
        .addColumn('updated_at', millis, (c) => c.notNull())
        .addColumn('published_at', millis)
        .execute();
      // Feeds: newest and popular, overall and per category, over published notes.
      await db.schema
        .createIndex('posts_feed_newest')
        .on('posts')
        .columns(['status', 'published_at', 'id'])
        .execute();
      await db.schema
        .createIndex('posts_feed_category_newest')
        .on('posts')
        .columns(['status', 'category_id', 'published_at', 'id'])
        .execute();
      await db.schema
        .createIndex('posts_feed_popular')
        .on('posts')
        .columns(['status', 'likes_count', 'id'])
        .execute();
      await db.schema
        .createIndex('posts_feed_category_popular')
        .on('posts')
        .columns(['status', 'category_id', 'likes_count', 'id'])
        .execute();
      await db.schema
        .createIndex('posts_author')
        .on('posts')
        .columns(['author_id', 'status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('posts_pending')
        .on('posts')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('posts_author_idempotency')
        .on('posts')
        .columns(['author_id', 'idempotency_key'])
        .unique()
        .execute();

      if (dialect === 'sqlite') {
        // words: jieba words for relevance; chars: one token per CJK character (and per Latin
        // word) so that a phrase query finds any one- or two-character substring by index.
        await sql`CREATE VIRTUAL TABLE post_fts USING fts5(words, chars, tokenize = 'unicode61')`.execute(
          db,
        );
      } else {
        await sql`CREATE TABLE post_fts (
          post_id bigint PRIMARY KEY REFERENCES posts(id) ON DELETE CASCADE,
          words tsvector NOT NULL,
          chars tsvector NOT NULL
        )`.execute(db);
        await sql`CREATE INDEX post_fts_words ON post_fts USING GIN (words)`.execute(db);
        await sql`CREATE INDEX post_fts_chars ON post_fts USING GIN (chars)`.execute(db);
      }

      for (const table of ['likes', 'favorites'] as const) {
        await db.schema
          .createTable(table)
          .addColumn('user_id', idType, (c) =>
            c.notNull().references('users.id').onDelete('cascade'),
          )
          .addColumn('post_id', idType, (c) =>
            c.notNull().references('posts.id').onDelete('cascade'),
          )
          .addColumn('created_at', millis, (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['post_id', 'user_id'])
          .execute();
        await db.schema
          .createIndex(`${table}_user`)
          .on(table)
          .columns(['user_id', 'created_at'])
          .execute();
      }

      await db.schema
        .createTable('comments')
        .addColumn('id', idType, id)
        .addColumn('post_id', idType, (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('author_id', idType, (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('parent_id', idType, (c) => c.references('comments.id').onDelete('cascade'))
        .addColumn('reply_to_user_id', idType)
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', millis, (c) => c.notNull())
        .addColumn('deleted_at', millis)
        .execute();
      await db.schema
        .createIndex('comments_post')
        .on('comments')
        .columns(['post_id', 'created_at'])
        .execute();
      await db.schema.createIndex('comments_parent').on('comments').column('parent_id').execute();

      await db.schema
        .createTable('follows')
        .addColumn('follower_id', idType, (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('followee_id', idType, (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', millis, (c) => c.notNull())
        .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
        .execute();
      await db.schema
        .createIndex('follows_followee')
        .on('follows')
        .columns(['followee_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('drafts')
        .addColumn('id', idType, id)
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('edited_at', millis, (c) => c.notNull())
        .addColumn('created_at', millis, (c) => c.notNull())
        .addColumn('updated_at', millis, (c) => c.notNull())
        .addUniqueConstraint('drafts_user_client', ['user_id', 'client_id'])
        .execute();
      await db.schema
        .createIndex('drafts_user_updated')
        .on('drafts')
        .columns(['user_id', 'updated_at'])
        .execute();
      await db.schema
        .createTable('draft_versions')
        .addColumn('id', idType, id)
        .addColumn('draft_id', idType, (c) =>
          c.notNull().references('drafts.id').onDelete('cascade'),
        )
        .addColumn('title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('edited_at', millis, (c) => c.notNull())
        .addColumn('created_at', millis, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('draft_versions_draft')
        .on('draft_versions')
        .columns(['draft_id', 'edited_at'])
        .execute();

      await db.schema
        .createTable('notifications')
        .addColumn('id', idType, id)
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('actor_id', idType, (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('type', 'varchar(32)', (c) => c.notNull())
        .addColumn('post_id', idType, (c) => c.references('posts.id').onDelete('cascade'))
        .addColumn('comment_id', idType, (c) => c.references('comments.id').onDelete('cascade'))
        .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('read_at', millis)
        .addColumn('created_at', millis, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('notifications_user')
        .on('notifications')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('notifications_user_unread')
        .on('notifications')
        .columns(['user_id', 'read_at'])
        .execute();
      await db.schema
        .createIndex('notifications_dedupe')
        .on('notifications')
        .columns(['type', 'actor_id', 'post_id'])
        .execute();

      await db.schema
        .createTable('messages')
        .addColumn('id', idType, id)
        .addColumn('sender_id', idType, (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('recipient_id', idType, (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('conversation_key', 'varchar(48)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', millis, (c) => c.notNull())
        .addColumn('read_at', millis)
        .execute();
      await db.schema
        .createIndex('messages_conversation')
        .on('messages')
        .columns(['conversation_key', 'created_at'])
        .execute();
      await db.schema
        .createIndex('messages_recipient_unread')
        .on('messages')
        .columns(['recipient_id', 'read_at'])
        .execute();
      await db.schema
        .createIndex('messages_sender')
        .on('messages')
        .columns(['sender_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('feedback')
        .addColumn('id', idType, id)
        .addColumn('user_id', idType, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('type', 'varchar(32)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('contact_info', 'varchar(100)')
        .addColumn('screenshots', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('feedback_created').on('feedback').column('created_at').execute();

      await db.schema
        .createTable('verification_codes')
        .addColumn('id', idType, id)
        .addColumn('phone', 'varchar(20)', (c) => c.notNull())
        .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ip', 'varchar(64)')
        .addColumn('expires_at', millis, (c) => c.notNull())
        .addColumn('used_at', millis)
        .addColumn('created_at', millis, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('verification_codes_phone')
        .on('verification_codes')
        .columns(['phone', 'created_at'])
        .execute();
      await db.schema
        .createIndex('verification_codes_ip')
        .on('verification_codes')
        .columns(['ip', 'created_at'])
        .execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', millis, (c) => c.notNull())
        .addColumn('used_at', millis)
        .addColumn('created_at', millis, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('orders')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('plan_id', 'varchar(32)')
        .addColumn('post_id', idType, (c) => c.references('posts.id').onDelete('set null'))
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('provider_txn', 'varchar(64)')
        .addColumn('created_at', millis, (c) => c.notNull())
        .addColumn('paid_at', millis)
        .execute();
      await db.schema
        .createIndex('orders_user')
        .on('orders')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('orders_post')
        .on('orders')
        .columns(['post_id', 'status'])
        .execute();

      await db.schema
        .createTable('purchases')
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('post_id', idType, (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('order_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('created_at', millis, (c) => c.notNull())
        .addPrimaryKeyConstraint('purchases_pk', ['user_id', 'post_id'])
        .execute();
      await db.schema.createIndex('purchases_post').on('purchases').column('post_id').execute();

      await db.schema
        .createTable('atmosphere_events')
        .addColumn('id', idType, id)
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('ref', 'varchar(64)', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('created_at', millis, (c) => c.notNull())
        .addUniqueConstraint('atmosphere_events_once', ['user_id', 'kind', 'ref'])
        .execute();
      await db.schema
        .createIndex('atmosphere_events_daily')
        .on('atmosphere_events')
        .columns(['user_id', 'kind', 'day'])
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key', 'varchar(64)', (c) => c.notNull())
        .addColumn('response', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('created_at', millis, (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
        .execute();

      await db.schema
        .createTable('moderation_events')
        .addColumn('id', idType, id)
        .addColumn('post_id', idType, (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('admin_id', idType, (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('action', 'varchar(32)', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('created_at', millis, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('moderation_events_post')
        .on('moderation_events')
        .column('post_id')
        .execute();

      await db.schema
        .createTable('uploads')
        .addColumn('name', 'varchar(80)', (c) => c.primaryKey())
        .addColumn('owner_id', idType, (c) => c.references('users.id').onDelete('set null'))
        // The note that uses the image, so a paid note's images are served to its readers only.
        .addColumn('post_id', idType, (c) => c.references('posts.id').onDelete('set null'))
        .addColumn('mime', 'varchar(32)', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('created_at', millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('uploads_post').on('uploads').column('post_id').execute();

      // Reference data every page needs, demo or not (the home page's tabs follow this order).
      await (db as Kysely<{ categories: { slug: string; name: string; sort_order: number } }>)
        .insertInto('categories')
        .values([
          { slug: 'ai', name: 'AI', sort_order: 1 },
          { slug: 'coding', name: '编程', sort_order: 2 },
          { slug: 'design', name: '设计', sort_order: 3 },
          { slug: 'life', name: '生活', sort_order: 4 },
          { slug: 'photo', name: '摄影', sort_order: 5 },
        ])
        .execute();
    },
  };
}
