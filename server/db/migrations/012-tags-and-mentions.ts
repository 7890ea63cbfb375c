import type { Kysely, Migration } from 'kysely';
import { syncPostTags } from '../../modules/tags/post-tags.ts';
import type { DialectName } from '../database.ts';
import type { Database } from '../schema.ts';

const BATCH = 500;

/**
 * Tags were only a JSON array on the note: a tag page or a followed tag would have to read
 * every note. `post_tags` holds one row per published note and tag, in the tag page's order;
 * `tag_follows` the tags each reader follows; `post_mentions` whom a note's text has already
 * notified, so an edit never notifies them again.
 */
export function tagsAndMentionsSchema(dialect: DialectName): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  return {
    async up(untyped: Kysely<unknown>) {
      await untyped.schema
        .createTable('post_tags')
        .addColumn('post_id', idType, (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('tag', 'varchar(64)', (c) => c.notNull())
        .addColumn('published_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('post_tags_pk', ['post_id', 'tag'])
        .execute();
      // A tag's notes newest first, and the 关注 feed's followed-tag half.
      await untyped.schema
        .createIndex('post_tags_tag_published')
        .on('post_tags')
        .columns(['tag', 'published_at', 'post_id'])
        .execute();

      await untyped.schema
        .createTable('tag_follows')
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('tag', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('tag_follows_pk', ['user_id', 'tag'])
        .execute();
      // How many people follow a tag (its page shows the count).
      await untyped.schema
        .createIndex('tag_follows_tag')
        .on('tag_follows')
        .columns(['tag', 'user_id'])
        .execute();

      await untyped.schema
        .createTable('post_mentions')
        .addColumn('post_id', idType, (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('post_mentions_pk', ['post_id', 'user_id'])
        .execute();

      const db = untyped as Kysely<Database>;
      for (let after = 0; ;) {
        const rows = await db
          .selectFrom('posts')
          .select(['id', 'tags', 'status', 'published_at'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(BATCH)
          .execute();
        for (const row of rows) await syncPostTags(db, row);
        if (rows.length < BATCH) break;
        after = rows[rows.length - 1].id;
      }
    },
  };
}
