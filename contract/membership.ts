import { Type } from 'typebox';
import type { Static } from 'typebox';
import { OrderSummary, PlanIdSchema } from './payment.ts';
import type { PlanId } from './payment.ts';

interface PlanFacts {
  id: PlanId;
  name: string;
  /** Fixed here, never taken from a client. */
  priceCents: number;
  days: number;
}

/** The plans on sale. Prices are the server's: an order's amount is always looked up here. */
export const MEMBERSHIP_PLANS: readonly PlanFacts[] = [
  { id: 'month', name: '月度会员', priceCents: 1800, days: 30 },
  { id: 'quarter', name: '季度会员', priceCents: 4800, days: 90 },
  { id: 'year', name: '年度会员', priceCents: 16800, days: 365 },
];

/** What every plan gives; the server adds a saving line per plan. */
export const MEMBERSHIP_PERKS = [
  '全站付费笔记免费阅读',
  '头像旁的专属会员徽章',
  '支持创作者，让优质笔记持续更新',
] as const;

export const membershipText = {
  /** {saving} is in yuan, e.g. 相比按月购买节省 6 元. */
  saving: '相比按月购买节省 {saving} 元',
  postOrderSubject: '付费笔记：{title}',
  membershipOrderSubject: '氛围笔记 {plan}',
  deletedPostSubject: '已删除的笔记',
} as const;

export const MembershipPlan = Type.Object({
  id: PlanIdSchema,
  name: Type.String(),
  /** Yuan. */
  priceYuan: Type.Number(),
  days: Type.Integer(),
  perks: Type.Array(Type.String()),
});
export type MembershipPlan = Static<typeof MembershipPlan>;

/** `GET /api/membership/plans`. */
export const MembershipPlans = Type.Array(MembershipPlan);

/** `GET /api/membership/me`: the caller's membership and their latest orders. */
export const MembershipStatus = Type.Object({
  isPremium: Type.Boolean(),
  /** ISO 8601; null when not a member (or expired). */
  premiumEndDate: Type.Union([Type.String(), Type.Null()]),
  /** Whole days left, rounded up; 0 when not a member. */
  daysLeft: Type.Integer(),
  orders: Type.Array(OrderSummary),
});
export type MembershipStatus = Static<typeof MembershipStatus>;
