import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A person's devices beyond this many lose their oldest subscription (bounded fan-out). */
export const SUBSCRIPTIONS_PER_USER = 10;

export function createSubscriptionRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores the subscription for the user. The endpoint names one browser profile: the same
     * endpoint again updates its row, and moves it to whoever is signed in there now.
     */
    async save(userId: number, subscription: StoredSubscription, now = Date.now()) {
      await db
        .insertInto('push_subscriptions')
        .values({ user_id: userId, ...subscription, created_at: now, updated_at: now })
        .onConflict((conflict) =>
          conflict.column('endpoint').doUpdateSet({
            user_id: userId,
            p256dh: subscription.p256dh,
            auth: subscription.auth,
            updated_at: now,
          }),
        )
        .execute();
    },

    /** Forgets the user's subscriptions after the newest `keep`. */
    async trim(userId: number, keep = SUBSCRIPTIONS_PER_USER) {
      const stale = await db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(100)
        .execute();
      if (stale.length === 0) return;
      await db
        .deleteFrom('push_subscriptions')
        .where(
          'id',
          'in',
          stale.map((row) => row.id),
        )
        .execute();
    },

    /** Deletes the user's own subscription at `endpoint`; false when there was none. */
    async deleteOwn(userId: number, endpoint: string): Promise<boolean> {
      const result = await db
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', endpoint)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** A subscription the push service says is gone (404/410). */
    async deleteByEndpoint(endpoint: string) {
      await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
    },

    listForUser(userId: number): Promise<StoredSubscription[]> {
      return db
        .selectFrom('push_subscriptions')
        .select(['endpoint', 'p256dh', 'auth'])
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .limit(SUBSCRIPTIONS_PER_USER)
        .execute();
    },
  };
}

export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;
