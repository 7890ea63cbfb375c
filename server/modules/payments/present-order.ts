import { MEMBERSHIP_PLANS, membershipText } from '../../../contract/membership.ts';
import { centsToYuan } from '../../../contract/payment.ts';
import type { OrderSummary } from '../../../contract/payment.ts';
import { isoOrNull, toApiId } from '../../lib/ids.ts';
import type { OrderWithTitle } from './order-repository.ts';

export function presentOrder(row: OrderWithTitle): OrderSummary {
  const plan = MEMBERSHIP_PLANS.find((each) => each.id === row.plan_id) ?? null;
  return {
    _id: row.id,
    id: row.id,
    kind: row.kind,
    status: row.status,
    planId: plan?.id ?? null,
    postId: row.post_id === null ? null : toApiId(row.post_id),
    subject:
      row.kind === 'membership'
        ? (plan?.name ?? '')
        : (row.post_title ?? membershipText.deletedPostSubject),
    amountYuan: centsToYuan(row.amount_cents),
    provider: row.provider === 'alipay' ? 'alipay' : 'sandbox',
    createdAt: new Date(row.created_at).toISOString(),
    paidAt: isoOrNull(row.paid_at),
  };
}
