import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText, fillText } from '../../../../contract/page-messages';
import type { CreateOrderBody, OrderState, OrderSummary } from '../../../../contract/payment';
import { emitAppEvent } from '../../../lib/auth-events';
import { isCancelled } from '../../../lib/api/client';
import { notify } from '../../../lib/notify';
import { markPaid } from '../../../lib/paid-posts';
import { useSessionStore } from '../../../stores/session-store';
import { confirmSandboxPayment, createOrder, getOrder } from '../api/orders';
import { formatDate } from '../format';
import { OrderPollTimeout, waitForOrder } from '../order-polling';
import { membershipTexts } from '../texts';

const texts = membershipTexts.checkout;

/**
 * Where a purchase is: nothing yet; the order is being made; the sandbox cashier waits for the
 * buyer; the confirm was sent; the page waits for the provider's notice to reach the server;
 * the buyer is on their way to Alipay.
 */
export type CheckoutPhase =
  | { name: 'idle' }
  | { name: 'creating' }
  | { name: 'cashier'; order: OrderSummary }
  | { name: 'paying'; order: OrderSummary }
  | { name: 'waiting'; orderId: string }
  | { name: 'redirecting' };

export interface CheckoutOptions {
  /** The order ended paid: the caller shows what was bought (e.g. re-reads the note). */
  onPaid?: (state: OrderState) => void;
  /** The order ended, paid or not (e.g. to show it in an order list). */
  onSettled?: (state: OrderState) => void;
  /** The order could not be made (e.g. the note is already readable): the caller re-checks. */
  onRefused?: () => void;
}

/** Applies what a paid order changed: the stored user (SPEC.md section 4) and the paid cache. */
async function applyPaidOrder(state: OrderState): Promise<void> {
  useSessionStore.getState().updateUser(state.user);
  emitAppEvent('refresh-user-data');
  if (state.order.kind === 'post' && state.order.postId) {
    await markPaid(state.user.id, state.order.postId).catch(() => undefined);
  }
}

function announce(state: OrderState): void {
  const { order, user } = state;
  if (order.status === 'paid') {
    notify.success(
      order.kind === 'membership'
        ? fillText(texts.membershipPaid, { date: formatDate(user.premiumEndDate) })
        : texts.postPaid,
    );
  } else if (order.status === 'refunded') {
    notify.error(texts.refunded);
  } else {
    notify.error(texts.failed);
  }
}

/**
 * A purchase from the buyer's click to the server's answer. The sandbox shows its own cashier
 * (`cashier`), Alipay takes over the page (`redirecting`); either way the order is then polled
 * until the provider's verified notice has settled it.
 */
export function useCheckout({ onPaid, onSettled, onRefused }: CheckoutOptions = {}) {
  const [phase, setPhase] = useState<CheckoutPhase>({ name: 'idle' });
  const polling = useRef<AbortController | null>(null);
  const callbacks = useRef({ onPaid, onSettled, onRefused });
  useEffect(() => {
    callbacks.current = { onPaid, onSettled, onRefused };
  }, [onPaid, onSettled, onRefused]);

  useEffect(() => () => polling.current?.abort(), []);

  const settle = useCallback(async (state: OrderState) => {
    setPhase({ name: 'idle' });
    if (state.order.status === 'paid') {
      await applyPaidOrder(state);
      callbacks.current.onPaid?.(state);
    }
    callbacks.current.onSettled?.(state);
    announce(state);
  }, []);

  /** Waits for the order's outcome (after the cashier, or back from Alipay). */
  const follow = useCallback(
    async (orderId: string) => {
      polling.current?.abort();
      const controller = new AbortController();
      polling.current = controller;
      setPhase({ name: 'waiting', orderId });
      try {
        const state = await waitForOrder((signal) => getOrder(orderId, signal), {
          signal: controller.signal,
        });
        await settle(state);
      } catch (error) {
        if (isCancelled(error)) return;
        setPhase({ name: 'idle' });
        if (error instanceof OrderPollTimeout) notify.error(texts.timeout);
        else notify.failure(error, errorText.paymentFailed);
      }
    },
    [settle],
  );

  const start = useCallback(async (target: CreateOrderBody) => {
    setPhase({ name: 'creating' });
    try {
      const { order, payment } = await createOrder(target);
      if (payment.provider === 'sandbox') {
        setPhase({ name: 'cashier', order });
      } else {
        setPhase({ name: 'redirecting' });
        window.location.assign(payment.payUrl);
      }
    } catch (error) {
      setPhase({ name: 'idle' });
      notify.failure(error, errorText.paymentFailed);
      callbacks.current.onRefused?.();
    }
  }, []);

  /** The sandbox cashier's 确认支付 (`paid`) or 取消支付 (`failed`). */
  const answerCashier = useCallback(
    async (outcome: 'paid' | 'failed') => {
      if (phase.name !== 'cashier') return;
      const { order } = phase;
      setPhase({ name: 'paying', order });
      try {
        const state = await confirmSandboxPayment(order.id, outcome);
        if (outcome === 'failed') {
          setPhase({ name: 'idle' });
          callbacks.current.onSettled?.(state);
          notify.info(texts.cancelled);
        } else if (state.order.status === 'pending') {
          await follow(order.id);
        } else {
          await settle(state);
        }
      } catch (error) {
        // The notice may have landed even though the answer did not: ask the order itself.
        if (outcome === 'paid') await follow(order.id);
        else {
          setPhase({ name: 'idle' });
          notify.failure(error, errorText.paymentFailed);
        }
      }
    },
    [phase, follow, settle],
  );

  /** Closing the cashier leaves the order pending; the server offers it again for a while. */
  const dismiss = useCallback(() => {
    polling.current?.abort();
    setPhase({ name: 'idle' });
  }, []);

  return {
    phase,
    start,
    follow,
    confirm: () => answerCashier('paid'),
    cancel: () => answerCashier('failed'),
    dismiss,
    busy: phase.name !== 'idle',
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
