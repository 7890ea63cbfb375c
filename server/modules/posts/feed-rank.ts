import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The 推荐 order: Reddit's "hot" ranking (docs/decisions/016-ranked-feed.md),
 *
 *   rank_score = log10(max(points, 1)) + (published_at - EPOCH) / DECAY
 *   points     = likes + 2·favorites + comments
 *
 * A note's score depends only on its own counts and publication time, never on the current
 * time, so it changes only when a reaction arrives: newer notes start higher and every tenfold
 * of points is worth DECAY of freshness. The feed is then an index range on rank_score.
 */
export const RANK_WEIGHTS = { likes: 1, favorites: 2, comments: 1 } as const;
/** 2026-01-01T00:00:00Z: any fixed instant works; near today keeps the numbers small. */
export const RANK_EPOCH_MS = 1_767_225_600_000;
/** 12.5 hours (Reddit's 45 000 s): ten times the points are worth 12.5 hours of freshness. */
export const RANK_DECAY_MS = 45_000_000;

/** 最热 is the notes published in the last seven days, by likes. */
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The score as SQL over a posts row, the same text for both databases (SQLite has log10 and
 * the two-argument max; PostgreSQL spells the latter greatest). Constants only, no parameters,
 * so the migration and the bench's seeder can use it as is.
 */
export function rankScoreSql(dialect: DialectName): string {
  const larger = dialect === 'sqlite' ? 'max' : 'greatest';
  const points =
    `likes_count * ${RANK_WEIGHTS.likes} + favorites_count * ${RANK_WEIGHTS.favorites}` +
    ` + comments_count * ${RANK_WEIGHTS.comments}`;
  return (
    `CAST(log10(${larger}(${points}, 1)) AS DOUBLE PRECISION)` +
    ` + CAST(published_at - ${RANK_EPOCH_MS} AS DOUBLE PRECISION) / ${RANK_DECAY_MS}`
  );
}

/** week_likes: the like count while the note is published and at most a week old, else NULL. */
function weekLikesSql(weekStart: number) {
  return sql<
    number | null
  >`CASE WHEN status = 'approved' AND published_at >= ${weekStart} THEN likes_count ELSE NULL END`;
}

/**
 * Recomputes one note's feed keys from its counters, in one statement so that two reactions
 * at once cannot leave the score of the older count behind.
 */
export async function refreshRank(
  db: Kysely<Database>,
  dialect: DialectName,
  postId: number,
  now = Date.now(),
): Promise<void> {
  await db
    .updateTable('posts')
    .set({
      rank_score: sql<number | null>`CASE WHEN published_at IS NULL THEN NULL ELSE ${sql.raw(
        rankScoreSql(dialect),
      )} END`,
      week_likes: weekLikesSql(now - WEEK_MS),
    })
    .where('id', '=', postId)
    .execute();
}

/**
 * Notes that have turned a week old leave the week's index, found by when they were published
 * among the week's notes alone (index posts_week_published, migration 019; the plan is checked
 * in query-plans.test.ts).
 */
export const weekSweepQuery = (db: Kysely<Database>, now: number) =>
  db
    .updateTable('posts')
    .set({ week_likes: null })
    .where('week_likes', 'is not', null)
    .where('published_at', '<', now - WEEK_MS);

/** The periodic job behind 最热, in one statement: how many notes left the week. */
export async function expireWeekLikes(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const { numUpdatedRows } = await weekSweepQuery(db, now).executeTakeFirst();
  return Number(numUpdatedRows);
}
