import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { DialectName } from './database.ts';

/** A reader and a note asked about together (a like, a favorite, a purchase). */
export interface UserPost {
  userId: number;
  postId: number;
}

/**
 * The pairs as a table `(user_id, post_id)`, in one text of SQL whatever their number: they go
 * as parameters of their own, arrays on PostgreSQL and a JSON text on SQLite. An `in` list of
 * each length is a text of its own (server/db/ids-query.ts), which would take PostgreSQL's named
 * statements (decision 046) for texts run once. Joined to a table keyed by both columns, each
 * pair is one lookup by that key (query-plans.test.ts).
 */
export function userPostPairs(
  dialect: DialectName,
  pairs: readonly UserPost[],
): RawBuilder<unknown> {
  if (dialect === 'postgres') {
    const users = pairs.map((pair) => pair.userId);
    const posts = pairs.map((pair) => pair.postId);
    return sql`(select * from unnest(${users}::bigint[], ${posts}::bigint[]) as pair (user_id, post_id))`;
  }
  const json = JSON.stringify(pairs.map((pair) => [pair.userId, pair.postId]));
  return sql`(select json_extract(value, '$[0]') as user_id, json_extract(value, '$[1]') as post_id
    from json_each(${json}))`;
}

/** What one request asks about: one reader and the notes of its page. */
export interface ReaderNotes {
  userId: number;
  postIds: readonly number[];
}

/** The distinct pairs of the requests of one batch (a page may hold a note twice). */
export function pairsOf(asked: readonly ReaderNotes[]): UserPost[] {
  return asked.flatMap(({ userId, postIds }) =>
    [...new Set(postIds)].map((postId) => ({ userId, postId })),
  );
}
