import type { OrderState } from '../../../contract/payment';
import { ApiError, isCancelled } from '../../lib/api/client';

/** How often a pending order is asked about, and for how long before the page gives up. */
export const ORDER_POLL_INTERVAL_MS = 2_000;
export const ORDER_POLL_TIMEOUT_MS = 120_000;

/** The provider has not answered in time; the order may still be paid later. */
export class OrderPollTimeout extends Error {
  constructor() {
    super('order still pending');
    this.name = 'OrderPollTimeout';
  }
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('The wait was cancelled', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A 4xx (not found, not the caller's) will not get better by asking again. */
function isFinal(error: unknown): boolean {
  return (
    isCancelled(error) ||
    (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408)
  );
}

/**
 * Asks for the order until it is no longer pending: the payment notice, not the browser, marks
 * it paid, so after the cashier step the page waits for the server to have heard from the
 * provider. A passing network failure keeps waiting; the wait ends after `timeoutMs`.
 */
export async function waitForOrder(
  fetchOrder: (signal?: AbortSignal) => Promise<OrderState>,
  {
    intervalMs = ORDER_POLL_INTERVAL_MS,
    timeoutMs = ORDER_POLL_TIMEOUT_MS,
    signal,
  }: { intervalMs?: number; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<OrderState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const state = await fetchOrder(signal);
      if (state.order.status !== 'pending') return state;
    } catch (error) {
      if (isFinal(error)) throw error;
    }
    if (Date.now() + intervalMs > deadline) throw new OrderPollTimeout();
    await pause(intervalMs, signal);
  }
}
