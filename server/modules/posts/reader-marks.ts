import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { turnBatches } from '../../lib/turn-batches.ts';
import type { ReactionKind } from './reaction-repository.ts';

/** One reader's likes and favorites among some notes. */
export interface Marks {
  liked: Set<number>;
  favorited: Set<number>;
}

/** Where the presenter finds a signed-in reader's likes and favorites among a page's notes. */
export interface ReaderMarks {
  among(userId: number, postIds: readonly number[]): Promise<Marks>;
}

interface MarkRow {
  kind: ReactionKind;
  user_id: number;
  post_id: number;
}

/** At most this many requests' marks are read in one query. */
const MAX_READERS_A_QUERY = 32;

/** A reader and a note whose mark (like or favorite) is asked for. */
export interface MarkAsked {
  userId: number;
  postId: number;
}

/**
 * The pairs as a table `asked (user_id, post_id)`, in one text of SQL whatever their number: they
 * go as parameters of their own, arrays on PostgreSQL and a JSON text on SQLite. An `in` list of
 * each length is a text of its own (server/db/ids-query.ts), which would take PostgreSQL's named
 * statements (decision 046) for texts run once.
 */
function askedTable(dialect: DialectName, pairs: readonly MarkAsked[]): RawBuilder<unknown> {
  if (dialect === 'postgres') {
    const users = pairs.map((pair) => pair.userId);
    const posts = pairs.map((pair) => pair.postId);
    return sql`(select * from unnest(${users}::bigint[], ${posts}::bigint[]) as pair (user_id, post_id))`;
  }
  const json = JSON.stringify(pairs.map((pair) => [pair.userId, pair.postId]));
  return sql`(select json_extract(value, '$[0]') as user_id, json_extract(value, '$[1]') as post_id
    from json_each(${json}))`;
}

/**
 * Which of these pairs are marked, likes and favorites in one query: one lookup by primary key
 * (post_id, user_id) for each pair and table.
 */
export function marksQuery(dialect: DialectName, pairs: readonly MarkAsked[]): RawBuilder<MarkRow> {
  // The table under its own name, so that its plan names it (query-plans.test.ts).
  const of = (table: ReactionKind) => {
    const column = (name: string) => sql.ref(`${table}.${name}`);
    return sql`select ${sql.lit(table)} as kind, ${column('user_id')}, ${column('post_id')}
      from ${askedTable(dialect, pairs)} as asked
      join ${sql.table(table)}
        on ${column('post_id')} = asked.post_id and ${column('user_id')} = asked.user_id`;
  };
  return sql<MarkRow>`${of('likes')} union all ${of('favorites')}`;
}

/**
 * The marks asked for by the signed-in requests of one turn of the event loop, read in one query
 * (decision 053): every page of cards a signed-in reader opens asks.
 */
export function batchedReaderMarks(db: Kysely<Database>, dialect: DialectName): ReaderMarks {
  const load = turnBatches<{ userId: number; postIds: readonly number[] }, Marks>(
    async (asked) => {
      const pairs = asked.flatMap(({ userId, postIds }) =>
        [...new Set(postIds)].map((postId) => ({ userId, postId })),
      );
      const { rows } = await marksQuery(dialect, pairs).execute(db);
      const marked = new Set(rows.map((row) => `${row.kind}|${row.user_id}|${row.post_id}`));
      return asked.map(({ userId, postIds }) => {
        const has = (kind: ReactionKind) =>
          new Set(postIds.filter((id) => marked.has(`${kind}|${userId}|${id}`)));
        return { liked: has('likes'), favorited: has('favorites') };
      });
    },
    { maxBatchSize: MAX_READERS_A_QUERY },
  );
  return {
    async among(userId, postIds) {
      if (postIds.length === 0) return { liked: new Set(), favorited: new Set() };
      return load({ userId, postIds });
    },
  };
}
