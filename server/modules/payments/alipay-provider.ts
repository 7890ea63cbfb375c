import type { AlipayConfig } from '../../config.ts';
import {
  NOTICE_EXCLUDED,
  REQUEST_EXCLUDED,
  beijingTimestamp,
  centsToYuanText,
  loadPrivateKey,
  loadPublicKey,
  rsa2Sign,
  rsa2Verify,
  signingString,
  yuanToCents,
} from './alipay-signing.ts';
import { refundAtAlipay } from './alipay-refund.ts';
import type { PaymentProvider, VerifiedNotice } from './provider.ts';

/** Unpaid orders close on Alipay's side after this long (a TRADE_CLOSED notice follows). */
const PAY_WITHIN = '30m';

/** Alipay refuses subjects with `/`, `=` or `&`. */
const cleanSubject = (subject: string) =>
  Array.from(subject.replace(/[/=&]/g, ' ')).slice(0, 128).join('');

function outcomeOf(params: Record<string, string>): VerifiedNotice['outcome'] {
  const refunded = (yuanToCents(params.refund_fee) ?? 0) > 0 || Boolean(params.gmt_refund);
  switch (params.trade_status) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      // We never refund part of an order: any refund takes back what the order gave.
      return refunded ? 'refunded' : 'paid';
    case 'TRADE_CLOSED':
      // Closed unpaid (timed out), or closed by a full refund of a paid order.
      return refunded ? 'refunded' : 'failed';
    default:
      return 'ignored';
  }
}

/**
 * Alipay page pay (电脑网站支付): `alipay.trade.page.pay` sent as a signed GET to the gateway,
 * which shows Alipay's cashier; the async notice (form-encoded POST) is verified with Alipay's
 * public key and answered `success`.
 */
export function createAlipayProvider(
  config: AlipayConfig,
  clock = () => new Date(),
): PaymentProvider {
  const appPrivateKey = loadPrivateKey(config.privateKey);
  const alipayPublicKey = loadPublicKey(config.alipayPublicKey);

  return {
    name: 'alipay',

    async start(order) {
      const params: Record<string, string> = {
        app_id: config.appId,
        method: 'alipay.trade.page.pay',
        format: 'JSON',
        return_url: config.returnUrl,
        charset: 'utf-8',
        sign_type: 'RSA2',
        timestamp: beijingTimestamp(clock()),
        version: '1.0',
        notify_url: config.notifyUrl,
        biz_content: JSON.stringify({
          out_trade_no: order.id,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: centsToYuanText(order.amountCents),
          subject: cleanSubject(order.subject),
          timeout_express: PAY_WITHIN,
        }),
      };
      params.sign = rsa2Sign(signingString(params, REQUEST_EXCLUDED), appPrivateKey);
      const query = Object.entries(params)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('&');
      return { provider: 'alipay', payUrl: `${config.gateway}?${query}` };
    },

    verifyNotice({ rawBody }) {
      const params = Object.fromEntries(new URLSearchParams(rawBody));
      if (!params.sign || params.sign_type !== 'RSA2') return null;
      if (!rsa2Verify(signingString(params, NOTICE_EXCLUDED), params.sign, alipayPublicKey)) {
        return null;
      }
      // A genuine notice for another app or merchant is not ours to act on.
      if (params.app_id !== config.appId) return null;
      if (config.sellerId && params.seller_id !== config.sellerId) return null;
      const amountCents = yuanToCents(params.total_amount);
      if (!params.out_trade_no || amountCents === null) return null;
      return {
        orderId: params.out_trade_no,
        outcome: outcomeOf(params),
        amountCents,
        providerTxn: params.trade_no || null,
      };
    },

    accepted: () => ({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }),
    rejected: (_message, status) => ({
      status,
      contentType: 'text/plain; charset=utf-8',
      body: 'fail',
    }),

    refund: (request) =>
      refundAtAlipay(config, { appPrivateKey, alipayPublicKey }, request, clock()),
  };
}
