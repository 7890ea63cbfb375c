import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlipayConfig } from '../../config.ts';
import { startFakeAlipay } from '../../../tests/fakes/fake-alipay.ts';
import type { FakeAlipay } from '../../../tests/fakes/fake-alipay.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { insertPost, premiumEndOf } from '../../../tests/helpers/payment-fixtures.ts';

const APP_ID = '2021000000000001';

type Buyer = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)('Alipay page pay against a fake Alipay on loopback, %s', (kind) => {
  let t: TestApp;
  let alipay: FakeAlipay;
  const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });

  beforeAll(async () => {
    alipay = await startFakeAlipay({ appId: APP_ID, appPublicKey: appKeys.publicKey });
    const config: AlipayConfig = {
      appId: APP_ID,
      privateKey: appKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      alipayPublicKey: alipay.alipayPublicKeyPem,
      gateway: alipay.gatewayUrl,
      notifyUrl: '',
      returnUrl: 'http://127.0.0.1/membership',
      sellerId: alipay.sellerId,
    };
    t = await createTestApp(kind, { payments: { provider: 'alipay', alipay: config } });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // The port is known only now; the provider reads the notify URL when it starts a payment.
    config.notifyUrl = `${address}/api/payments/notify/alipay`;
  });
  afterAll(async () => {
    await t.close();
    await alipay.close();
  });

  /** Orders a month and opens the pay URL the way the browser does; returns the order id. */
  async function startMonth(buyer: Buyer): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/orders',
      headers: buyer.auth,
      payload: { kind: 'membership', planId: 'month' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { order, payment } = response.json();
    expect(payment.provider).toBe('alipay');
    expect(payment.payUrl.startsWith(`${alipay.gatewayUrl}?`)).toBe(true);
    const cashier = await fetch(payment.payUrl);
    expect(cashier.status, await cashier.text()).toBe(200);
    return order.id as string;
  }

  const status = async (buyer: Buyer, id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/payments/orders/${id}`, headers: buyer.auth })
    ).json().order.status;

  it('signs alipay.trade.page.pay so that the gateway accepts it, at the plan price', async () => {
    const buyer = await registerUser(t.app, 'ali');
    const id = await startMonth(buyer);
    expect(alipay.checks.at(-1)).toEqual({ ok: true, reason: null });
    expect(alipay.trade(id)).toMatchObject({ totalAmount: '18.00', subject: '氛围笔记 月度会员' });
    expect(alipay.trade(id).notifyUrl).toMatch(/\/api\/payments\/notify\/alipay$/);
  });

  it('rejects a tampered pay URL at the gateway', async () => {
    const buyer = await registerUser(t.app, 'alitamper');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/orders',
      headers: buyer.auth,
      payload: { kind: 'membership', planId: 'year' },
    });
    const payUrl: string = response.json().payment.payUrl;
    const cheaper = payUrl.replace(encodeURIComponent('"168.00"'), encodeURIComponent('"0.01"'));
    expect(cheaper).not.toBe(payUrl);
    expect((await fetch(cheaper)).status).toBe(400);
    expect(alipay.checks.at(-1)).toEqual({ ok: false, reason: 'invalid-signature' });
  });

  it('marks the order paid on a signed notice, answers success, and ignores the replay', async () => {
    const buyer = await registerUser(t.app, 'alipay');
    const id = await startMonth(buyer);
    expect(await alipay.pay(id)).toEqual({ status: 200, body: 'success' });
    expect(await status(buyer, id)).toBe('paid');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: buyer.auth });
    expect(me.json().isPremium).toBe(true);
    const end = await premiumEndOf(t.app, buyer.user.id);
    expect(await alipay.pay(id)).toEqual({ status: 200, body: 'success' });
    expect(await premiumEndOf(t.app, buyer.user.id)).toBe(end);
    const row = await t.app.db
      .selectFrom('orders')
      .select('provider_txn')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.provider_txn).toBe(alipay.trade(id).tradeNo);
  });

  it('refuses forged, tampered, foreign and mispriced notices and changes nothing', async () => {
    const buyer = await registerUser(t.app, 'aliforge');
    const id = await startMonth(buyer);
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const refused = { status: 400, body: 'fail' };
    expect(await alipay.pay(id, { signWith: stranger.privateKey })).toEqual(refused);
    expect(await alipay.pay(id, { tamperAfterSigning: { total_amount: '0.01' } })).toEqual(refused);
    expect(await alipay.pay(id, { tamperAfterSigning: { sign: 'AAAA' } })).toEqual(refused);
    expect(await alipay.pay(id, { changes: { app_id: '2021999999999999' } })).toEqual(refused);
    expect(await alipay.pay(id, { changes: { seller_id: '2088999999999999' } })).toEqual(refused);
    // Genuinely signed, but not what the order costs.
    expect(await alipay.pay(id, { changes: { total_amount: '0.01' } })).toEqual(refused);
    expect(await status(buyer, id)).toBe('pending');
    expect(await premiumEndOf(t.app, buyer.user.id)).toBeNull();
  });

  it('marks an order closed unpaid as failed, and takes membership back on a refund', async () => {
    const buyer = await registerUser(t.app, 'aliclose');
    const unpaid = await startMonth(buyer);
    expect(await alipay.closeUnpaid(unpaid)).toEqual({ status: 200, body: 'success' });
    expect(await status(buyer, unpaid)).toBe('failed');
    expect(await premiumEndOf(t.app, buyer.user.id)).toBeNull();

    const paid = await startMonth(buyer);
    await alipay.pay(paid);
    expect(await alipay.refund(paid)).toEqual({ status: 200, body: 'success' });
    expect(await status(buyer, paid)).toBe('refunded');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: buyer.auth });
    expect(me.json().isPremium).toBe(false);
  });

  it('has no sandbox confirm while Alipay takes the orders', async () => {
    const buyer = await registerUser(t.app, 'alisand');
    const id = await startMonth(buyer);
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/payments/orders/${id}/confirm`,
      headers: buyer.auth,
    });
    expect(confirm.statusCode).toBe(400);
    const sandboxNotice = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/sandbox',
      payload: { orderId: id, outcome: 'paid', amountCents: 1800, txnId: 'x' },
    });
    expect(sandboxNotice.statusCode).toBe(404);
    expect(await status(buyer, id)).toBe('pending');
  });

  it('refunds through alipay.trade.refund when a paid note was deleted before the payment', async () => {
    const author = await registerUser(t.app, 'aligone');
    const buyer = await registerUser(t.app, 'alilate');
    const postId = await insertPost(t.app, { authorId: author.user.id, priceYuan: 6 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/orders',
      headers: buyer.auth,
      payload: { kind: 'post', postId },
    });
    const { order, payment } = response.json();
    expect((await fetch(payment.payUrl)).status).toBe(200);
    await t.app.db.deleteFrom('posts').where('id', '=', Number(postId)).execute();

    // Alipay turns the refund down: the notice is refused, so Alipay will send it again.
    alipay.refundSettings.refuse = true;
    expect(await alipay.pay(order.id)).toEqual({ status: 502, body: 'fail' });
    expect(await status(buyer, order.id)).toBe('pending');

    alipay.refundSettings.refuse = false;
    expect(await alipay.pay(order.id)).toEqual({ status: 200, body: 'success' });
    expect(await status(buyer, order.id)).toBe('refunded');
    expect(alipay.refunds).toContainEqual({
      outTradeNo: order.id,
      refundAmount: '6.00',
      outRequestNo: order.id,
    });
    const purchases = await t.app.db
      .selectFrom('purchases')
      .select('post_id')
      .where('user_id', '=', Number(buyer.user.id))
      .execute();
    expect(purchases).toEqual([]);
  });
});
