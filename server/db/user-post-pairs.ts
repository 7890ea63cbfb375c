import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { turnBatches } from '../lib/turn-batches.ts';
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

/** A row found for one (reader, note) pair. */
export interface PairRow {
  user_id: number;
  post_id: number;
}

/** At most this many requests' pairs are read in one query. */
const MAX_READERS_A_QUERY = 32;

/**
 * The rows of the pairs asked for by the signed-in requests of one turn of the event loop, read
 * with one call of `find` (decision 053): each request gets the rows of its own reader among its
 * own notes, and a request without notes asks nothing.
 */
export function batchedPairs<Row extends PairRow>(
  find: (pairs: readonly UserPost[]) => Promise<Row[]>,
): (userId: number, postIds: readonly number[]) => Promise<Row[]> {
  const load = turnBatches<{ userId: number; postIds: readonly number[] }, Row[]>(
    async (asked) => {
      // A page may hold a note twice; the pair is asked once.
      const distinct = asked.map(({ userId, postIds }) => ({
        userId,
        postIds: [...new Set(postIds)],
      }));
      const rows = await find(
        distinct.flatMap(({ userId, postIds }) => postIds.map((postId) => ({ userId, postId }))),
      );
      const byPair = new Map<string, Row[]>();
      for (const row of rows) {
        const key = `${row.user_id}|${row.post_id}`;
        byPair.set(key, [...(byPair.get(key) ?? []), row]);
      }
      return distinct.map(({ userId, postIds }) =>
        postIds.flatMap((postId) => byPair.get(`${userId}|${postId}`) ?? []),
      );
    },
    { maxBatchSize: MAX_READERS_A_QUERY },
  );
  return async (userId, postIds) => (postIds.length === 0 ? [] : load({ userId, postIds }));
}
