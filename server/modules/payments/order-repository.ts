import { sql } from 'kysely';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema.ts';

export type OrderRow = Selectable<OrdersTable>;
/** An order with the title of the note it buys (null for memberships or deleted notes). */
export type OrderWithTitle = OrderRow & { post_title: string | null };

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SaleRow {
  post_id: number;
  title: string;
  price_cents: number;
  sales_count: number;
  income_cents: number;
}

/** A note as an order needs it. */
export interface PostForSale {
  id: number;
  author_id: number;
  title: string;
  price_cents: number;
  status: string;
}

/** A note can be bought while it exists and is published (deleted notes leave post_id null). */
async function isForSale(executor: Kysely<Database>, postId: number | null): Promise<boolean> {
  if (postId === null) return false;
  const post = await executor
    .selectFrom('posts')
    .select('status')
    .where('id', '=', postId)
    .executeTakeFirst();
  return post?.status === 'approved';
}

export function createOrderRepository(db: Kysely<Database>) {
  const withTitle = (executor: Kysely<Database>) =>
    executor
      .selectFrom('orders')
      .leftJoin('posts', 'posts.id', 'orders.post_id')
      .selectAll('orders')
      .select('posts.title as post_title');

  /** Premium from max(now, current end) for `days` more, in one statement so renewals never race. */
  async function extendPremium(
    trx: Transaction<Database>,
    userId: number,
    days: number,
    now: number,
  ) {
    await trx
      .updateTable('users')
      .set({
        premium_end_at: sql<number>`(CASE WHEN premium_end_at IS NOT NULL AND premium_end_at > ${now} THEN premium_end_at ELSE ${now} END) + ${days * DAY_MS}`,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
  }

  async function shortenPremium(
    trx: Transaction<Database>,
    userId: number,
    days: number,
    now: number,
  ) {
    await trx
      .updateTable('users')
      .set({
        premium_end_at: sql<number>`premium_end_at - ${days * DAY_MS}`,
        updated_at: now,
      })
      .where('id', '=', userId)
      .where('premium_end_at', 'is not', null)
      .execute();
  }

  /** Moves an order on only from the expected status, so a repeated notice changes nothing. */
  async function transition(
    trx: Transaction<Database>,
    orderId: string,
    from: OrderRow['status'],
    changes: Partial<Pick<OrderRow, 'status' | 'paid_at' | 'provider_txn'>>,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('orders')
      .set(changes)
      .where('id', '=', orderId)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  return {
    async insert(order: OrderRow): Promise<void> {
      await db.insertInto('orders').values(order).execute();
    },

    find(id: string): Promise<OrderWithTitle | undefined> {
      return withTitle(db).where('orders.id', '=', id).executeTakeFirst();
    },

    /** An unpaid order of the same note, reused so a buyer who clicks twice pays once. */
    findPendingPostOrder(userId: number, postId: number, provider: string, since: number) {
      return withTitle(db)
        .where('orders.user_id', '=', userId)
        .where('orders.created_at', '>=', since)
        .where('orders.kind', '=', 'post')
        .where('orders.post_id', '=', postId)
        .where('orders.status', '=', 'pending')
        .where('orders.provider', '=', provider)
        .orderBy('orders.created_at', 'desc')
        .executeTakeFirst();
    },

    recentOfUser(userId: number, limit: number): Promise<OrderWithTitle[]> {
      return withTitle(db)
        .where('orders.user_id', '=', userId)
        .orderBy('orders.created_at', 'desc')
        .limit(limit)
        .execute();
    },

    isForSale: (postId: number | null) => isForSale(db, postId),

    findPostForSale(postId: number): Promise<PostForSale | undefined> {
      return db
        .selectFrom('posts')
        .select(['id', 'author_id', 'title', 'price_cents', 'status'])
        .where('id', '=', postId)
        .executeTakeFirst();
    },

    async hasPurchase(userId: number, postId: number): Promise<boolean> {
      const row = await db
        .selectFrom('purchases')
        .select('post_id')
        .where('user_id', '=', userId)
        .where('post_id', '=', postId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Pending -> paid, and what it buys, in one transaction: `paid`, `settled` when it was no
     * longer pending (a repeated notice), or `not-for-sale` when it buys a note that was deleted
     * or taken off sale since; that order stays pending and nothing is granted.
     */
    markPaid(
      order: OrderRow,
      grant: { premiumDays: number },
      providerTxn: string | null,
      now: number,
    ): Promise<'paid' | 'settled' | 'not-for-sale'> {
      return db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('orders')
          .select(['status', 'post_id'])
          .where('id', '=', order.id)
          .executeTakeFirst();
        if (current?.status !== 'pending') return 'settled';
        if (order.kind === 'post' && !(await isForSale(trx, current.post_id))) {
          return 'not-for-sale';
        }
        const moved = await transition(trx, order.id, 'pending', {
          status: 'paid',
          paid_at: now,
          provider_txn: providerTxn,
        });
        if (!moved) return 'settled';
        if (order.kind === 'membership') {
          await extendPremium(trx, order.user_id, grant.premiumDays, now);
        } else if (order.post_id !== null) {
          await trx
            .insertInto('purchases')
            .values({
              user_id: order.user_id,
              post_id: order.post_id,
              order_id: order.id,
              created_at: now,
            })
            .onConflict((conflict) => conflict.columns(['user_id', 'post_id']).doNothing())
            .execute();
        }
        return 'paid';
      });
    },

    /** A payment taken for a note no longer for sale, given back: pending -> refunded. */
    markRefundedUnsold(order: OrderRow, providerTxn: string | null, now: number) {
      return db.transaction().execute((trx) =>
        transition(trx, order.id, 'pending', {
          status: 'refunded',
          paid_at: now,
          provider_txn: providerTxn,
        }),
      );
    },

    markFailed(order: OrderRow, providerTxn: string | null) {
      return db.transaction().execute((trx) =>
        transition(trx, order.id, 'pending', {
          status: 'failed',
          ...(providerTxn !== null && { provider_txn: providerTxn }),
        }),
      );
    },

    /** Paid -> refunded, taking back exactly what this order gave. */
    markRefunded(order: OrderRow, grant: { premiumDays: number }, now: number) {
      return db.transaction().execute(async (trx) => {
        if (!(await transition(trx, order.id, 'paid', { status: 'refunded' }))) return false;
        if (order.kind === 'membership') {
          await shortenPremium(trx, order.user_id, grant.premiumDays, now);
        } else if (order.post_id !== null) {
          await trx
            .deleteFrom('purchases')
            .where('user_id', '=', order.user_id)
            .where('post_id', '=', order.post_id)
            .where('order_id', '=', order.id)
            .execute();
        }
        return true;
      });
    },

    /**
     * An author's notes that are or were for sale, with paid sales and income. Starts from
     * posts_author, then orders_post (post_id, status) per note.
     */
    async salesOfAuthor(authorId: number, window: { limit: number; offset: number }) {
      const perNote = db
        .selectFrom('posts')
        .leftJoin('orders', (join) =>
          join
            .onRef('orders.post_id', '=', 'posts.id')
            .on('orders.status', '=', 'paid')
            .on('orders.kind', '=', 'post'),
        )
        .where('posts.author_id', '=', authorId)
        .groupBy(['posts.id', 'posts.title', 'posts.price_cents'])
        .having((eb) =>
          eb.or([eb('posts.price_cents', '>', 0), eb(eb.fn.count('orders.id'), '>', 0)]),
        )
        .select((eb) => [
          'posts.id as post_id',
          'posts.title',
          'posts.price_cents',
          eb.fn.count<number>('orders.id').as('sales_count'),
          eb.fn.coalesce(eb.fn.sum<number>('orders.amount_cents'), eb.lit(0)).as('income_cents'),
        ]);
      const [rows, counted, totals] = await Promise.all([
        perNote
          .orderBy('income_cents', 'desc')
          .orderBy('posts.id', 'desc')
          .limit(window.limit)
          .offset(window.offset)
          .execute(),
        db
          .selectFrom(perNote.as('per_note'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('posts')
          .innerJoin('orders', 'orders.post_id', 'posts.id')
          .where('posts.author_id', '=', authorId)
          .where('orders.status', '=', 'paid')
          .where('orders.kind', '=', 'post')
          .select((eb) => [
            eb.fn.count<number>('orders.id').as('sales_count'),
            eb.fn.coalesce(eb.fn.sum<number>('orders.amount_cents'), eb.lit(0)).as('income_cents'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((row): SaleRow => ({
          post_id: row.post_id,
          title: row.title,
          price_cents: row.price_cents,
          sales_count: Number(row.sales_count),
          income_cents: Number(row.income_cents),
        })),
        total: Number(counted.n),
        salesCount: Number(totals.sales_count),
        incomeCents: Number(totals.income_cents),
      };
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
