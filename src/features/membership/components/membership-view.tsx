import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PlanId } from '../../../../contract/payment';
import type { OrderState } from '../../../../contract/payment';
import { Button } from '../../../components/button';
import { PageMeta } from '../../../components/page-meta';
import { CheckoutDialog } from './checkout-dialog';
import { MembershipHero } from './membership-hero';
import { OrderList } from './order-list';
import { PerkList } from './perk-list';
import { PlanList, PlanListSkeleton, sharedPerks } from './plan-list';
import { useCheckout } from '../hooks/use-checkout';
import { useMembershipStatus, usePlans } from '../hooks/use-membership';
import { membershipTexts } from '../texts';
import { isActivePremium } from '../../../lib/premium';
import { selectUser, useSessionStore } from '../../../stores/session-store';
import styles from './membership-view.module.css';

const texts = membershipTexts.page;

/** Alipay brings the buyer back here with the order id (`out_trade_no`). */
const RETURN_PARAM = 'out_trade_no';

/** The membership page: status, plans, perks and recent orders; buying runs through the checkout. */
export function MembershipView() {
  const user = useSessionStore(selectUser);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const plans = usePlans();
  const status = useMembershipStatus(user?.id);
  const [pendingPlan, setPendingPlan] = useState<PlanId | null>(null);
  const refreshStatus = status.mutate;

  const checkout = useCheckout({
    onSettled: useCallback(() => void refreshStatus(), [refreshStatus]),
    onPaid: useCallback(
      (state: OrderState) => {
        // A note bought through Alipay also returns here: take the buyer back to it.
        if (state.order.kind === 'post' && state.order.postId) {
          navigate(`/post/${state.order.postId}`);
        }
      },
      [navigate],
    ),
  });
  const { follow } = checkout;

  const returnedOrder = params.get(RETURN_PARAM);
  useEffect(() => {
    if (!returnedOrder) return;
    setParams({}, { replace: true });
    void follow(returnedOrder);
  }, [returnedOrder, setParams, follow]);

  async function buy(planId: PlanId) {
    setPendingPlan(planId);
    await checkout.start({ kind: 'membership', planId });
    setPendingPlan(null);
  }

  const isMember = status.data ? status.data.isPremium : isActivePremium(user);
  const perks = sharedPerks(plans.data ?? []);
  const orders = status.data?.orders ?? [];
  return (
    <div className={styles.page}>
      <PageMeta title={texts.title} description={texts.description} path="/membership" />
      {user && <MembershipHero user={user} status={status.data} />}

      <section className={styles.section} aria-labelledby="membership-plans">
        <h2 id="membership-plans" className={styles.heading}>
          {texts.plansTitle}
        </h2>
        {plans.data ? (
          <PlanList
            plans={plans.data}
            isMember={isMember}
            pendingPlan={pendingPlan}
            disabled={checkout.busy}
            onBuy={(planId) => void buy(planId)}
          />
        ) : plans.error ? (
          <div className={styles.failed} role="alert">
            <p>{texts.loadFailed}</p>
            <Button variant="secondary" size="small" onClick={() => void plans.mutate()}>
              {texts.retry}
            </Button>
          </div>
        ) : (
          <PlanListSkeleton />
        )}
      </section>

      {perks.length > 0 && (
        <section className={styles.section} aria-labelledby="membership-perks">
          <h2 id="membership-perks" className={styles.heading}>
            {texts.perksTitle}
          </h2>
          <PerkList perks={perks} />
        </section>
      )}

      {orders.length > 0 && (
        <section className={`${styles.section} ${styles.card}`} aria-labelledby="membership-orders">
          <h2 id="membership-orders" className={styles.heading}>
            {texts.ordersTitle}
          </h2>
          <OrderList orders={orders} />
        </section>
      )}

      <CheckoutDialog checkout={checkout} />
    </div>
  );
}
