import { randomBytes } from 'node:crypto';

/**
 * Order numbers double as Alipay's out_trade_no (at most 64 of letters, digits and `_`): the
 * Beijing date and time for people reading statements, then 16 random hex digits.
 */
export function newOrderId(now = Date.now()): string {
  const stamp = new Date(now + 8 * 60 * 60 * 1000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${randomBytes(8).toString('hex')}`;
}
