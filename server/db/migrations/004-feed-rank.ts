import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { rankScoreSql, WEEK_MS } from '../../modules/posts/feed-rank.ts';
import type { DialectName } from '../database.ts';

/**
 * The ranked feeds' keys (docs/decisions/016-ranked-feed.md): rank_score orders 推荐,
 * week_likes orders 最热 (the likes of notes published in the last seven days, NULL for the
 * rest, so its partial indexes hold only the week's notes). Both are kept by the note modules
 * as reactions arrive; this fills them once for the notes already there.
 */
export function feedRankSchema(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const real = dialect === 'sqlite' ? 'real' : 'double precision';
      await db.schema.alterTable('posts').addColumn('rank_score', real).execute();
      await db.schema.alterTable('posts').addColumn('week_likes', 'integer').execute();
      await sql`UPDATE posts SET rank_score = ${sql.raw(rankScoreSql(dialect))}
        WHERE published_at IS NOT NULL`.execute(db);
      await sql`UPDATE posts SET week_likes = likes_count
        WHERE status = 'approved' AND published_at >= ${Date.now() - WEEK_MS}`.execute(db);

      await db.schema
        .createIndex('posts_feed_rank')
        .on('posts')
        .columns(['status', 'rank_score', 'id'])
        .execute();
      await db.schema
        .createIndex('posts_feed_category_rank')
        .on('posts')
        .columns(['status', 'category_id', 'rank_score', 'id'])
        .execute();
      await db.schema
        .createIndex('posts_feed_week')
        .on('posts')
        .columns(['status', 'week_likes', 'id'])
        .where(sql.ref('week_likes'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('posts_feed_category_week')
        .on('posts')
        .columns(['status', 'category_id', 'week_likes', 'id'])
        .where(sql.ref('week_likes'), 'is not', null)
        .execute();
      // All-time likes no longer order any page; the two indexes only slowed every like.
      await db.schema.dropIndex('posts_feed_popular').execute();
      await db.schema.dropIndex('posts_feed_category_popular').execute();
    },
  };
}
