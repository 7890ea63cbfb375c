import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import {
  insertPost,
  premiumEndOf,
  setPremiumEnd,
} from '../../../tests/helpers/payment-fixtures.ts';
import { readSandboxSecret, signSandboxNotice } from './sandbox-provider.ts';
import type { SandboxNotice } from './sandbox-provider.ts';

const DAY = 24 * 60 * 60 * 1000;

type Buyer = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)(
  'membership and paid notes with the sandbox provider on %s',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(() => t.close());

    const post = (url: string, who: Buyer | null, payload: object = {}) =>
      t.app.inject({ method: 'POST', url, payload, headers: who?.auth ?? {} });
    const get = (url: string, who: Buyer | null) =>
      t.app.inject({ method: 'GET', url, headers: who?.auth ?? {} });

    const order = async (who: Buyer, payload: object) => {
      const response = await post('/api/payments/orders', who, payload);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{
        order: { id: string; amountYuan: number; status: string };
        payment: { provider: string; confirmUrl: string };
      }>();
    };
    const buyMonth = async (who: Buyer) => {
      const { order: created, payment } = await order(who, { kind: 'membership', planId: 'month' });
      // As a browser may send it: no body at all.
      const confirmed = await t.app.inject({
        method: 'POST',
        url: payment.confirmUrl,
        headers: who.auth,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      return { id: created.id, state: confirmed.json() };
    };
    /** A notice as the sandbox bank would sign it (the secret lives in the data folder). */
    const sendNotice = (notice: SandboxNotice, signature?: string) => {
      const signed = signSandboxNotice(readSandboxSecret(t.dataDir), notice);
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/notify/sandbox',
        payload: signed.body,
        headers: { ...signed.headers, ...(signature && { 'x-sandbox-signature': signature }) },
      });
    };
    const orderStatus = async (who: Buyer, id: string) =>
      (await get(`/api/payments/orders/${id}`, who)).json<{ order: { status: string } }>().order
        .status;

    it('lists the plans with prices fixed by the server', async () => {
      const response = await get('/api/membership/plans', null);
      expect(response.statusCode).toBe(200);
      const plans =
        response.json<
          { id: string; priceYuan: number; days: number; name: string; perks: string[] }[]
        >();
      expect(plans.map((plan) => [plan.id, plan.priceYuan, plan.days])).toEqual([
        ['month', 18, 30],
        ['quarter', 48, 90],
        ['year', 168, 365],
      ]);
      expect(plans[0].name).toBe('月度会员');
      expect(plans[2].perks.at(-1)).toBe('相比按月购买节省 51 元');
    });

    it('needs a signed-in user to order or to see membership', async () => {
      expect(
        (await post('/api/payments/orders', null, { kind: 'membership', planId: 'month' }))
          .statusCode,
      ).toBe(401);
      expect((await get('/api/membership/me', null)).statusCode).toBe(401);
      expect((await get('/api/payments/sales', null)).statusCode).toBe(401);
    });

    it('takes the amount from the plan, never from the client', async () => {
      const buyer = await registerUser(t.app, 'amount');
      const { order: created } = await order(buyer, {
        kind: 'membership',
        planId: 'year',
        amount: 0.01,
        amountYuan: 0.01,
        amountCents: 1,
      });
      expect(created.amountYuan).toBe(168);
      const row = await t.app.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row.amount_cents).toBe(16800);
      expect(row.status).toBe('pending');
      const bad = await post('/api/payments/orders', buyer, { kind: 'membership', planId: 'week' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: errorText.planInvalid });
      const missing = await post('/api/payments/orders', buyer, { kind: 'membership' });
      expect(missing.json()).toEqual({ error: errorText.orderTargetMissing });
    });

    it('makes a member on confirm, through the signed notice, and shows it everywhere', async () => {
      const buyer = await registerUser(t.app, 'member');
      const before = Date.now();
      const { id, state } = await buyMonth(buyer);
      expect(state.order.status).toBe('paid');
      expect(state.user.isPremium).toBe(true);
      const end = Date.parse(state.user.premiumEndDate);
      expect(end).toBeGreaterThanOrEqual(before + 30 * DAY);
      expect(end).toBeLessThanOrEqual(Date.now() + 30 * DAY);
      const me = (await get('/api/auth/me', buyer)).json();
      expect(me).toMatchObject({ isPremium: true, premiumEndDate: state.user.premiumEndDate });
      const membership = (await get('/api/membership/me', buyer)).json();
      expect(membership).toMatchObject({ isPremium: true, daysLeft: 30 });
      expect(membership.orders[0]).toMatchObject({
        id,
        status: 'paid',
        subject: '月度会员',
        amountYuan: 18,
      });
      const again = await post(`/api/payments/orders/${id}/confirm`, buyer);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: errorText.orderNotPending });
    });

    it('extends membership from the current end, or from now once it has expired', async () => {
      const buyer = await registerUser(t.app, 'renew');
      const currentEnd = Date.now() + 10 * DAY;
      await setPremiumEnd(t.app, buyer.user.id, currentEnd);
      await buyMonth(buyer);
      expect(await premiumEndOf(t.app, buyer.user.id)).toBe(currentEnd + 30 * DAY);

      await setPremiumEnd(t.app, buyer.user.id, Date.now() - 5 * DAY);
      const start = Date.now();
      await buyMonth(buyer);
      const end = (await premiumEndOf(t.app, buyer.user.id))!;
      expect(end).toBeGreaterThanOrEqual(start + 30 * DAY);
      expect(end).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    });

    it('ends membership at its end date on the next request, with no job', async () => {
      const buyer = await registerUser(t.app, 'expiry');
      await setPremiumEnd(t.app, buyer.user.id, Date.now() + 60_000);
      expect((await get('/api/auth/me', buyer)).json().isPremium).toBe(true);
      await setPremiumEnd(t.app, buyer.user.id, Date.now() - 1);
      expect((await get('/api/auth/me', buyer)).json()).toMatchObject({
        isPremium: false,
        premiumEndDate: null,
      });
      expect((await get('/api/membership/me', buyer)).json()).toMatchObject({
        isPremium: false,
        premiumEndDate: null,
        daysLeft: 0,
      });
    });

    it('refuses a forged notice and changes nothing', async () => {
      const buyer = await registerUser(t.app, 'forged');
      const { order: created } = await order(buyer, { kind: 'membership', planId: 'month' });
      const notice: SandboxNotice = {
        orderId: created.id,
        outcome: 'paid',
        amountCents: 1800,
        txnId: 'x',
      };
      const forged = await sendNotice(notice, 'f'.repeat(64));
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toEqual({ error: errorText.paymentNoticeInvalid });
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/payments/notify/sandbox',
        payload: notice,
      });
      expect(unsigned.statusCode).toBe(400);
      expect(await orderStatus(buyer, created.id)).toBe('pending');
      expect(await premiumEndOf(t.app, buyer.user.id)).toBeNull();
      expect((await post('/api/payments/notify/nobank', null, notice)).statusCode).toBe(404);
    });

    it('refuses a notice whose amount differs from the order', async () => {
      const buyer = await registerUser(t.app, 'amountx');
      const { order: created } = await order(buyer, { kind: 'membership', planId: 'year' });
      const response = await sendNotice({
        orderId: created.id,
        outcome: 'paid',
        amountCents: 1800,
        txnId: 'x',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: errorText.paymentAmountMismatch });
      expect(await orderStatus(buyer, created.id)).toBe('pending');
      expect(await premiumEndOf(t.app, buyer.user.id)).toBeNull();
    });

    it('takes a replayed notice without granting twice', async () => {
      const buyer = await registerUser(t.app, 'replay');
      const { id } = await buyMonth(buyer);
      const end = await premiumEndOf(t.app, buyer.user.id);
      const replay = await sendNotice({
        orderId: id,
        outcome: 'paid',
        amountCents: 1800,
        txnId: `sandbox_${id}`,
      });
      expect(replay.statusCode).toBe(200);
      const both = await Promise.all(
        [1, 2, 3].map(() =>
          sendNotice({ orderId: id, outcome: 'paid', amountCents: 1800, txnId: 'y' }),
        ),
      );
      expect(both.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      expect(await premiumEndOf(t.app, buyer.user.id)).toBe(end);
    });

    it('grants nothing for a failed payment, and a late success cannot revive it', async () => {
      const buyer = await registerUser(t.app, 'failed');
      const { order: created, payment } = await order(buyer, {
        kind: 'membership',
        planId: 'month',
      });
      const failed = await post(payment.confirmUrl, buyer, { outcome: 'failed' });
      expect(failed.json()).toMatchObject({
        order: { status: 'failed' },
        user: { isPremium: false },
      });
      const late = await sendNotice({
        orderId: created.id,
        outcome: 'paid',
        amountCents: 1800,
        txnId: 'z',
      });
      expect(late.statusCode).toBe(200);
      expect(await orderStatus(buyer, created.id)).toBe('failed');
      expect(await premiumEndOf(t.app, buyer.user.id)).toBeNull();
    });

    it('takes back the days of a refunded membership, once', async () => {
      const buyer = await registerUser(t.app, 'refund');
      const currentEnd = Date.now() + 10 * DAY;
      await setPremiumEnd(t.app, buyer.user.id, currentEnd);
      const { id } = await buyMonth(buyer);
      const refund = { orderId: id, outcome: 'refunded', amountCents: 1800, txnId: 'r' } as const;
      expect((await sendNotice(refund)).statusCode).toBe(200);
      expect((await sendNotice(refund)).statusCode).toBe(200);
      expect(await premiumEndOf(t.app, buyer.user.id)).toBe(currentEnd);
      expect(await orderStatus(buyer, id)).toBe('refunded');

      const plain = await registerUser(t.app, 'refund2');
      const bought = await buyMonth(plain);
      await sendNotice({ ...refund, orderId: bought.id });
      expect((await get('/api/auth/me', plain)).json().isPremium).toBe(false);
    });

    it("keeps each buyer's orders to themself", async () => {
      const owner = await registerUser(t.app, 'owner');
      const other = await registerUser(t.app, 'other');
      const { order: created, payment } = await order(owner, {
        kind: 'membership',
        planId: 'month',
      });
      expect((await get(`/api/payments/orders/${created.id}`, other)).statusCode).toBe(404);
      expect((await post(payment.confirmUrl, other)).statusCode).toBe(404);
      expect(await orderStatus(owner, created.id)).toBe('pending');
      expect((await get('/api/payments/orders/nope!', owner)).statusCode).toBe(400);
    });

    describe('paid notes', () => {
      let author: Buyer;
      let reader: Buyer;
      let paidId: string;
      beforeAll(async () => {
        author = await registerUser(t.app, 'seller');
        reader = await registerUser(t.app, 'reader');
        paidId = await insertPost(t.app, {
          authorId: author.user.id,
          priceYuan: 9.9,
          title: '提示词手册',
        });
      });

      it('refuses what cannot be bought with a clear reason', async () => {
        const free = await insertPost(t.app, { authorId: author.user.id, priceYuan: 0 });
        const pending = await insertPost(t.app, {
          authorId: author.user.id,
          priceYuan: 5,
          status: 'pending',
        });
        const cases: [string, Buyer, number, string][] = [
          [free, reader, 400, errorText.postIsFree],
          [paidId, author, 400, errorText.cannotBuyOwnPost],
          [pending, reader, 404, errorText.postNotFound],
          ['999999', reader, 404, errorText.postNotFound],
        ];
        for (const [postId, who, status, error] of cases) {
          const response = await post('/api/payments/orders', who, { kind: 'post', postId });
          expect(response.statusCode, postId).toBe(status);
          expect(response.json()).toEqual({ error });
        }
        const admin = await registerUser(t.app, 'admin');
        await makeAdmin(t.app, admin.user.id);
        const member = await registerUser(t.app, 'vip');
        await setPremiumEnd(t.app, member.user.id, Date.now() + DAY);
        for (const who of [admin, member]) {
          const response = await post('/api/payments/orders', who, {
            kind: 'post',
            postId: paidId,
          });
          expect(response.json()).toEqual({ error: errorText.postAlreadyReadable });
        }
      });

      it("sells a note at its own price, once, and shows the author's sales", async () => {
        const first = await order(reader, { kind: 'post', postId: paidId, amountYuan: 0.01 });
        expect(first.order.amountYuan).toBe(9.9);
        const second = await order(reader, { kind: 'post', postId: paidId });
        expect(second.order.id).toBe(first.order.id);
        const paid = await post(first.payment.confirmUrl, reader);
        expect(paid.json().order).toMatchObject({
          status: 'paid',
          subject: '提示词手册',
          postId: paidId,
        });
        const purchase = await t.app.db
          .selectFrom('purchases')
          .selectAll()
          .where('user_id', '=', Number(reader.user.id))
          .execute();
        expect(purchase).toEqual([
          expect.objectContaining({ post_id: Number(paidId), order_id: first.order.id }),
        ]);
        const again = await post('/api/payments/orders', reader, { kind: 'post', postId: paidId });
        expect(again.json()).toEqual({ error: errorText.postAlreadyBought });

        const sales = (await get('/api/payments/sales', author)).json();
        expect(sales.items).toContainEqual({
          postId: paidId,
          title: '提示词手册',
          price: 9.9,
          salesCount: 1,
          incomeYuan: 9.9,
        });
        expect(sales.totals).toEqual({ salesCount: 1, incomeYuan: 9.9 });
        expect((await get('/api/payments/sales', reader)).json()).toMatchObject({
          items: [],
          total: 0,
          totals: { salesCount: 0 },
        });
      });

      it('removes the purchase and the income when the order is refunded', async () => {
        const buyer = await registerUser(t.app, 'regret');
        const { order: created, payment } = await order(buyer, { kind: 'post', postId: paidId });
        await post(payment.confirmUrl, buyer);
        const before = (await get('/api/payments/sales', author)).json().totals.salesCount;
        const refund = await sendNotice({
          orderId: created.id,
          outcome: 'refunded',
          amountCents: 990,
          txnId: 'r',
        });
        expect(refund.statusCode).toBe(200);
        const rows = await t.app.db
          .selectFrom('purchases')
          .select('post_id')
          .where('user_id', '=', Number(buyer.user.id))
          .execute();
        expect(rows).toEqual([]);
        expect((await get('/api/payments/sales', author)).json().totals.salesCount).toBe(
          before - 1,
        );
        expect(
          await t.app.services.paywall.canRead(
            { id: Number(buyer.user.id), isAdmin: false, isPremium: false },
            {
              id: Number(paidId),
              author_id: Number(author.user.id),
              price_cents: 990,
            },
          ),
        ).toBe(false);
      });
    });

    describe('a note deleted or taken off sale before it is paid for', () => {
      let author: Buyer;
      beforeAll(async () => {
        author = await registerUser(t.app, 'gone');
      });

      /** A reader's pending order for a fresh paid note, and how to make the note unbuyable. */
      async function pendingOrderFor(gone: 'deleted' | 'unpublished') {
        const reader = await registerUser(t.app, 'late');
        const postId = await insertPost(t.app, { authorId: author.user.id, priceYuan: 6 });
        const created = await order(reader, { kind: 'post', postId });
        if (gone === 'deleted') {
          const deleted = await t.app.inject({
            method: 'DELETE',
            url: `/api/posts/${postId}`,
            headers: author.auth,
          });
          expect(deleted.statusCode, deleted.body).toBe(200);
        } else {
          await t.app.db
            .updateTable('posts')
            .set({ status: 'pending' })
            .where('id', '=', Number(postId))
            .execute();
        }
        return { reader, postId, ...created };
      }
      const purchasesOf = (who: Buyer) =>
        t.app.db
          .selectFrom('purchases')
          .select('post_id')
          .where('user_id', '=', Number(who.user.id))
          .execute();

      it.each(['deleted', 'unpublished'] as const)(
        'refuses a new order and the confirm of an open one when the note was %s',
        async (gone) => {
          const { reader, postId, order: created, payment } = await pendingOrderFor(gone);
          const again = await post('/api/payments/orders', reader, { kind: 'post', postId });
          expect(again.statusCode).toBe(404);
          expect(again.json()).toEqual({ error: errorText.postNotFound });

          const confirmed = await post(payment.confirmUrl, reader);
          expect(confirmed.statusCode).toBe(400);
          expect(confirmed.json()).toEqual({ error: errorText.postNotForSale });
          expect(await orderStatus(reader, created.id)).toBe('failed');
          expect(await purchasesOf(reader)).toEqual([]);
        },
      );

      it.each(['deleted', 'unpublished'] as const)(
        'records a paid notice for a %s note as refunded and grants nothing',
        async (gone) => {
          const { reader, order: created } = await pendingOrderFor(gone);
          const notice = { orderId: created.id, outcome: 'paid', amountCents: 600, txnId: 'late' };
          const answer = await sendNotice(notice as SandboxNotice);
          expect(answer.statusCode, answer.body).toBe(200);
          const row = await t.app.db
            .selectFrom('orders')
            .select(['status', 'provider_txn', 'paid_at'])
            .where('id', '=', created.id)
            .executeTakeFirstOrThrow();
          expect(row).toMatchObject({ status: 'refunded', provider_txn: 'late' });
          expect(row.paid_at).not.toBeNull();
          expect(await purchasesOf(reader)).toEqual([]);

          // The provider repeats its notice: still one refund, still nothing granted.
          expect((await sendNotice(notice as SandboxNotice)).statusCode).toBe(200);
          expect(await orderStatus(reader, created.id)).toBe('refunded');
          expect(await purchasesOf(reader)).toEqual([]);
        },
      );
    });
  },
);
