import { errorText } from '../../../../contract/page-messages';
import type {
  CreateOrderBody,
  CreateOrderResult,
  OrderState,
  SandboxConfirmBody,
} from '../../../../contract/payment';
import { api } from '../../../lib/api/client';

const orderPath = (id: string) => `/api/payments/orders/${encodeURIComponent(id)}`;

/** The server prices the order; the browser only names what it buys. */
export const createOrder = (body: CreateOrderBody) =>
  api.post<CreateOrderResult>('/api/payments/orders', body, {
    // A retried create could open a second order: one try, the buyer can click again.
    retries: 0,
    errorMessage: errorText.paymentFailed,
  });

export const getOrder = (id: string, signal?: AbortSignal) =>
  api.get<OrderState>(orderPath(id), { signal });

/**
 * The sandbox's own cashier step. The path is built from the order id rather than taken from
 * the instruction's `confirmUrl`, so the bearer token can only ever go to our own API.
 */
export const confirmSandboxPayment = (
  id: string,
  outcome: NonNullable<SandboxConfirmBody['outcome']>,
) =>
  api.post<OrderState>(`${orderPath(id)}/confirm`, { outcome } satisfies SandboxConfirmBody, {
    retries: 0,
    errorMessage: errorText.paymentFailed,
  });
