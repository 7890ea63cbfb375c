import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { pairsOf, userPostPairs } from '../../db/user-post-pairs.ts';
import type { ReaderNotes, UserPost } from '../../db/user-post-pairs.ts';
import { turnBatches } from '../../lib/turn-batches.ts';

/** Where the paywall finds which of a page's paid notes a reader bought. */
export interface Purchases {
  among(userId: number, postIds: readonly number[]): Promise<Set<number>>;
}

/** At most this many requests' purchases are read in one query. */
const MAX_READERS_A_QUERY = 32;

/** Which of these pairs are purchases: one lookup by the primary key (user_id, post_id) each. */
export function purchasesQuery(
  dialect: DialectName,
  pairs: readonly UserPost[],
): RawBuilder<{ user_id: number; post_id: number }> {
  return sql`select purchases.user_id, purchases.post_id
    from ${userPostPairs(dialect, pairs)} as asked
    join purchases on purchases.user_id = asked.user_id and purchases.post_id = asked.post_id`;
}

/**
 * The purchases asked about by the signed-in requests of one turn of the event loop, read in one
 * query, as their likes and favorites are (decision 053): a page of cards holding a paid note
 * that is not the reader's asks, for every reader who is not a member.
 */
export function batchedPurchases(db: Kysely<Database>, dialect: DialectName): Purchases {
  const load = turnBatches<ReaderNotes, Set<number>>(
    async (asked) => {
      const { rows } = await purchasesQuery(dialect, pairsOf(asked)).execute(db);
      const bought = new Set(rows.map((row) => `${row.user_id}|${row.post_id}`));
      return asked.map(
        ({ userId, postIds }) => new Set(postIds.filter((id) => bought.has(`${userId}|${id}`))),
      );
    },
    { maxBatchSize: MAX_READERS_A_QUERY },
  );
  return {
    async among(userId, postIds) {
      return postIds.length === 0 ? new Set() : load({ userId, postIds });
    },
  };
}
