import { Check } from 'lucide-react';
import type { MembershipPlan } from '../../../../contract/membership';
import type { PlanId } from '../../../../contract/payment';
import { fillText } from '../../../../contract/page-messages';
import { Button } from '../../../components/button';
import { formatYuan } from '../format';
import { membershipTexts } from '../texts';
import styles from './plan-list.module.css';

const texts = membershipTexts.plan;

/** What every plan gives; the rest of a plan's perks (its saving) belong on its own card. */
export function sharedPerks(plans: readonly MembershipPlan[]): string[] {
  const [first, ...rest] = plans;
  if (!first) return [];
  return first.perks.filter((perk) => rest.every((plan) => plan.perks.includes(perk)));
}

export interface PlanListProps {
  plans: MembershipPlan[];
  /** A member renews; anyone else opens. */
  isMember: boolean;
  /** The plan whose order is being made. */
  pendingPlan: PlanId | null;
  disabled: boolean;
  onBuy: (planId: PlanId) => void;
}

/** The plans side by side (stacked on phones), the longest one recommended. */
export function PlanList({ plans, isMember, pendingPlan, disabled, onBuy }: PlanListProps) {
  const shared = new Set(sharedPerks(plans));
  const longest = Math.max(...plans.map((plan) => plan.days));
  return (
    <ul className={styles.plans}>
      {plans.map((plan) => {
        const recommended = plans.length > 1 && plan.days === longest;
        const extras = plan.perks.filter((perk) => !shared.has(perk));
        const price = formatYuan(plan.priceYuan);
        return (
          <li
            key={plan.id}
            className={recommended ? `${styles.plan} ${styles.recommended}` : styles.plan}
          >
            {recommended && <span className={styles.flag}>{texts.recommended}</span>}
            <h3 className={styles.name}>{plan.name}</h3>
            <p className={styles.price}>
              <span className={styles.currency} aria-hidden="true">
                ¥
              </span>
              {price}
            </p>
            <p className={styles.meta}>
              {fillText(texts.days, { days: plan.days })} ·{' '}
              {fillText(texts.perDay, { price: (plan.priceYuan / plan.days).toFixed(2) })}
            </p>
            {extras.length > 0 && (
              <ul className={styles.extras}>
                {extras.map((perk) => (
                  <li key={perk}>
                    <Check size={14} aria-hidden="true" />
                    {perk}
                  </li>
                ))}
              </ul>
            )}
            <Button
              block
              variant={recommended ? 'primary' : 'secondary'}
              loading={pendingPlan === plan.id}
              disabled={disabled}
              aria-label={`${isMember ? texts.renew : texts.buy}：${fillText(texts.priceLabel, { name: plan.name, price })}`}
              onClick={() => onBuy(plan.id)}
            >
              {isMember ? texts.renew : texts.buy}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** The plans' shape while they load. */
export function PlanListSkeleton() {
  return (
    <ul className={styles.plans} aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <li key={index} className={`${styles.plan} ${styles.skeleton}`} />
      ))}
    </ul>
  );
}
