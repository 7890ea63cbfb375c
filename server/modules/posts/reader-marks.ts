import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { batchedPairs, userPostPairs } from '../../db/user-post-pairs.ts';
import type { UserPost } from '../../db/user-post-pairs.ts';
import type { Database } from '../../db/schema.ts';
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

/**
 * Which of these pairs are marked, likes and favorites in one query: one lookup by primary key
 * (post_id, user_id) for each pair and table.
 */
export function marksQuery(dialect: DialectName, pairs: readonly UserPost[]): RawBuilder<MarkRow> {
  // The table under its own name, so that its plan names it (query-plans.test.ts).
  const of = (table: ReactionKind) => {
    const column = (name: string) => sql.ref(`${table}.${name}`);
    return sql`select ${sql.lit(table)} as kind, ${column('user_id')}, ${column('post_id')}
      from ${userPostPairs(dialect, pairs)} as asked
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
  const marksAmong = batchedPairs(
    async (pairs) => (await marksQuery(dialect, pairs).execute(db)).rows,
  );
  return {
    async among(userId, postIds) {
      const rows = await marksAmong(userId, postIds);
      const of = (kind: ReactionKind) =>
        new Set(rows.filter((row) => row.kind === kind).map((row) => row.post_id));
      return { liked: of('likes'), favorited: of('favorites') };
    },
  };
}
