import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { batchedPairs, userPostPairs } from '../../db/user-post-pairs.ts';
import type { UserPost } from '../../db/user-post-pairs.ts';

/** Where the paywall finds which of a page's paid notes a reader bought. */
export interface Purchases {
  among(userId: number, postIds: readonly number[]): Promise<Set<number>>;
}

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
  const boughtAmong = batchedPairs(
    async (pairs) => (await purchasesQuery(dialect, pairs).execute(db)).rows,
  );
  return {
    async among(userId, postIds) {
      return new Set((await boughtAmong(userId, postIds)).map((row) => row.post_id));
    },
  };
}
