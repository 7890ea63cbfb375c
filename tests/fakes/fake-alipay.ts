import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Alipay's open gateway on loopback, written from Alipay's public documentation
 * and independent of the server's own signing code: it checks the RSA2 signature of an
 * `alipay.trade.page.pay` request with the app's public key, keeps the trade, and sends
 * asynchronous notices signed with a key pair of its own (its "Alipay public key" is
 * `alipayPublicKeyPem`).
 */
export interface FakeAlipayTrade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
}

export interface GatewayCheck {
  ok: boolean;
  /** Why a request was refused (Alipay shows an error page with such a code). */
  reason: string | null;
}

const SELLER_ID = '2088000000000001';

function signingString(params: Record<string, string>, exclude: string[]): string {
  return Object.keys(params)
    .filter((name) => !exclude.includes(name) && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
}

const beijingNow = () =>
  new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 19).replace('T', ' ');

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startFakeAlipay(options: { appId: string; appPublicKey: KeyObject }) {
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const trades = new Map<string, FakeAlipayTrade>();
  const checks: GatewayCheck[] = [];

  function checkPagePay(params: Record<string, string>): GatewayCheck {
    const refuse = (reason: string): GatewayCheck => ({ ok: false, reason });
    if (params.app_id !== options.appId) return refuse('invalid-app-id');
    if (params.method !== 'alipay.trade.page.pay') return refuse('invalid-method');
    if (params.sign_type !== 'RSA2' || params.charset !== 'utf-8' || params.version !== '1.0') {
      return refuse('invalid-parameter');
    }
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp ?? '')) {
      return refuse('invalid-timestamp');
    }
    const signed = createVerify('RSA-SHA256')
      .update(signingString(params, ['sign']), 'utf8')
      .verify(options.appPublicKey, params.sign ?? '', 'base64');
    if (!signed) return refuse('invalid-signature');
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(params.biz_content ?? '') as Record<string, unknown>;
    } catch {
      return refuse('invalid-biz-content');
    }
    const { out_trade_no, total_amount, subject, product_code } = biz;
    if (
      typeof out_trade_no !== 'string' ||
      !/^[A-Za-z0-9_]{1,64}$/.test(out_trade_no) ||
      typeof total_amount !== 'string' ||
      !/^\d+\.\d{2}$/.test(total_amount) ||
      typeof subject !== 'string' ||
      /[/=&]/.test(subject) ||
      product_code !== 'FAST_INSTANT_TRADE_PAY'
    ) {
      return refuse('invalid-biz-content');
    }
    if (!trades.has(out_trade_no)) {
      trades.set(out_trade_no, {
        outTradeNo: out_trade_no,
        tradeNo: `2026${randomBytes(10).toString('hex')}`,
        totalAmount: total_amount,
        subject,
        notifyUrl: params.notify_url ?? '',
        returnUrl: params.return_url ?? '',
      });
    }
    return { ok: true, reason: null };
  }

  const refunds: { outTradeNo: string; refundAmount: string; outRequestNo: string }[] = [];
  const refundSettings = { refuse: false };

  /**
   * `alipay.trade.refund`: checks the app's signature, refunds a known trade in full once per
   * out_request_no, and answers JSON whose response object is signed with the fake's key.
   */
  function refundAnswer(params: Record<string, string>): string {
    const answer = (fields: Record<string, string>) => {
      const json = JSON.stringify(fields);
      const sign = createSign('RSA-SHA256')
        .update(json, 'utf8')
        .sign(alipayKeys.privateKey, 'base64');
      return `{"alipay_trade_refund_response":${json},"sign":${JSON.stringify(sign)}}`;
    };
    const signed = createVerify('RSA-SHA256')
      .update(signingString(params, ['sign']), 'utf8')
      .verify(options.appPublicKey, params.sign ?? '', 'base64');
    if (!signed || params.app_id !== options.appId) {
      return answer({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' });
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const found = trades.get(biz.out_trade_no ?? '');
    if (!found || refundSettings.refuse) {
      return answer({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' });
    }
    if (biz.refund_amount !== found.totalAmount) {
      return answer({
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
      });
    }
    if (!refunds.some((refund) => refund.outRequestNo === biz.out_request_no)) {
      refunds.push({
        outTradeNo: found.outTradeNo,
        refundAmount: biz.refund_amount,
        outRequestNo: biz.out_request_no ?? '',
      });
    }
    return answer({
      code: '10000',
      msg: 'Success',
      trade_no: found.tradeNo,
      out_trade_no: found.outTradeNo,
      refund_fee: found.totalAmount,
      fund_change: 'Y',
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/gateway.do') {
      response.writeHead(404).end();
      return;
    }
    const body = request.method === 'POST' ? await readBody(request) : '';
    const params = Object.fromEntries([...url.searchParams, ...new URLSearchParams(body)]);
    if (params.method === 'alipay.trade.refund') {
      response
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        .end(refundAnswer(params));
      return;
    }
    const check = checkPagePay(params);
    checks.push(check);
    response
      .writeHead(check.ok ? 200 : 400, { 'content-type': 'text/html; charset=utf-8' })
      .end(check.ok ? '<title>支付宝收银台</title>' : `<title>错误</title>${check.reason}`);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function trade(outTradeNo: string): FakeAlipayTrade {
    const found = trades.get(outTradeNo);
    if (!found) throw new Error(`fake Alipay has no trade ${outTradeNo}`);
    return found;
  }

  /** The notice's fields for a trade, as Alipay sends them for 电脑网站支付. */
  function noticeFields(found: FakeAlipayTrade, tradeStatus: string): Record<string, string> {
    return {
      notify_time: beijingNow(),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: options.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: found.tradeNo,
      out_trade_no: found.outTradeNo,
      buyer_id: '2088102177846880',
      seller_id: SELLER_ID,
      trade_status: tradeStatus,
      total_amount: found.totalAmount,
      receipt_amount: found.totalAmount,
      buyer_pay_amount: found.totalAmount,
      subject: found.subject,
      gmt_create: beijingNow(),
      gmt_payment: beijingNow(),
    };
  }

  /**
   * Posts a notice to the trade's notify_url. `signWith` swaps in another private key (a
   * forgery); `changes` alter fields after the fake decided them (before signing, unless
   * `tamperAfterSigning`).
   */
  async function notify(
    outTradeNo: string,
    tradeStatus: string,
    extra: {
      changes?: Record<string, string>;
      signWith?: KeyObject;
      tamperAfterSigning?: Record<string, string>;
    } = {},
  ): Promise<{ status: number; body: string }> {
    const found = trade(outTradeNo);
    const params = { ...noticeFields(found, tradeStatus), ...extra.changes };
    params.sign = createSign('RSA-SHA256')
      .update(signingString(params, ['sign', 'sign_type']), 'utf8')
      .sign(extra.signWith ?? alipayKeys.privateKey, 'base64');
    Object.assign(params, extra.tamperAfterSigning);
    const response = await fetch(found.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(params).toString(),
    });
    return { status: response.status, body: await response.text() };
  }

  return {
    gatewayUrl: `http://127.0.0.1:${port}/gateway.do`,
    alipayPublicKeyPem: alipayKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    sellerId: SELLER_ID,
    checks,
    /** Refunds the merchant asked for through alipay.trade.refund, once per out_request_no. */
    refunds,
    /** Set `refuse` to make the gateway turn refunds down. */
    refundSettings,
    trade,
    /** The buyer paid. */
    pay: (outTradeNo: string, extra?: Parameters<typeof notify>[2]) =>
      notify(outTradeNo, 'TRADE_SUCCESS', extra),
    /** The merchant refunded the whole trade: Alipay closes it and says how much went back. */
    refund: (outTradeNo: string) =>
      notify(outTradeNo, 'TRADE_CLOSED', {
        changes: {
          refund_fee: trade(outTradeNo).totalAmount,
          gmt_refund: `${beijingNow()}.000`,
          gmt_close: beijingNow(),
        },
      }),
    /** Nobody paid in time: Alipay closes the trade. */
    closeUnpaid: (outTradeNo: string) =>
      notify(outTradeNo, 'TRADE_CLOSED', { changes: { gmt_close: beijingNow() } }),
    notify,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeAlipay = Awaited<ReturnType<typeof startFakeAlipay>>;
