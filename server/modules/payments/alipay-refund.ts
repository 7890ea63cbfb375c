import type { KeyObject } from 'node:crypto';
import type { AlipayConfig } from '../../config.ts';
import {
  REQUEST_EXCLUDED,
  beijingTimestamp,
  centsToYuanText,
  rsa2Sign,
  rsa2Verify,
  signingString,
} from './alipay-signing.ts';
import type { RefundRequest } from './provider.ts';

const RESPONSE_KEY = 'alipay_trade_refund_response';
const REFUND_TIMEOUT_MS = 10_000;

/**
 * The signed part of a gateway answer: Alipay signs the exact JSON text of the response object,
 * so it is cut from the raw body rather than re-serialised.
 */
function signedPart(raw: string): string | null {
  const start = raw.indexOf(`"${RESPONSE_KEY}":`);
  const end = raw.lastIndexOf(',"sign":');
  if (start < 0 || end < 0 || end < start) return null;
  return raw.slice(start + RESPONSE_KEY.length + 3, end);
}

/**
 * `alipay.trade.refund` for the whole order. `out_request_no` is the order id, so asking again
 * for the same order never refunds twice. Throws unless Alipay answers, correctly signed, that
 * the refund was made.
 */
export async function refundAtAlipay(
  config: AlipayConfig,
  keys: { appPrivateKey: KeyObject; alipayPublicKey: KeyObject },
  request: RefundRequest,
  at: Date,
): Promise<void> {
  const params: Record<string, string> = {
    app_id: config.appId,
    method: 'alipay.trade.refund',
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: beijingTimestamp(at),
    version: '1.0',
    biz_content: JSON.stringify({
      out_trade_no: request.orderId,
      refund_amount: centsToYuanText(request.amountCents),
      refund_reason: request.reason,
      out_request_no: request.orderId,
    }),
  };
  params.sign = rsa2Sign(signingString(params, REQUEST_EXCLUDED), keys.appPrivateKey);
  const response = await fetch(config.gateway, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams(params).toString(),
    signal: AbortSignal.timeout(REFUND_TIMEOUT_MS),
  });
  const raw = await response.text();
  const signed = signedPart(raw);
  const sign = (JSON.parse(raw) as { sign?: unknown }).sign;
  if (!signed || typeof sign !== 'string' || !rsa2Verify(signed, sign, keys.alipayPublicKey)) {
    throw new Error(`alipay refund answer not signed by Alipay (HTTP ${response.status})`);
  }
  const answer = JSON.parse(signed) as { code?: string; sub_code?: string };
  if (answer.code !== '10000') {
    throw new Error(`alipay refund refused: ${answer.code ?? '?'} ${answer.sub_code ?? ''}`);
  }
}
