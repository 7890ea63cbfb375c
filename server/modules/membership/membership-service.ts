import {
  MEMBERSHIP_PERKS,
  MEMBERSHIP_PLANS,
  membershipText,
} from '../../../contract/membership.ts';
import type { MembershipPlan, MembershipStatus } from '../../../contract/membership.ts';
import { centsToYuan } from '../../../contract/payment.ts';
import { fillText } from '../../../contract/messages.ts';
import type { OrderRepository } from '../payments/order-repository.ts';
import { presentOrder } from '../payments/present-order.ts';
import { isPremiumAt } from '../users/present-user.ts';
import type { UserRow } from '../users/user-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const RECENT_ORDERS = 10;

/** The plans with their perks; longer plans also say what they save against monthly. */
export function presentPlans(): MembershipPlan[] {
  const monthly = MEMBERSHIP_PLANS.find((plan) => plan.id === 'month');
  return MEMBERSHIP_PLANS.map((plan) => {
    const monthlyCost = monthly ? (monthly.priceCents * plan.days) / monthly.days : 0;
    const saving = Math.floor((monthlyCost - plan.priceCents) / 100);
    return {
      id: plan.id,
      name: plan.name,
      priceYuan: centsToYuan(plan.priceCents),
      days: plan.days,
      perks: [
        ...MEMBERSHIP_PERKS,
        ...(saving > 0 ? [fillText(membershipText.saving, { saving })] : []),
      ],
    };
  });
}

export function createMembershipService(deps: { orders: OrderRepository }) {
  const { orders } = deps;
  return {
    /** Computed from premium_end_at at each call: an expired membership needs no job to end it. */
    async status(user: UserRow, now = Date.now()): Promise<MembershipStatus> {
      const isPremium = isPremiumAt(user, now);
      const end = isPremium ? (user.premium_end_at as number) : null;
      const recent = await orders.recentOfUser(user.id, RECENT_ORDERS);
      return {
        isPremium,
        premiumEndDate: end === null ? null : new Date(end).toISOString(),
        daysLeft: end === null ? 0 : Math.ceil((end - now) / DAY_MS),
        orders: recent.map(presentOrder),
      };
    },
  };
}
