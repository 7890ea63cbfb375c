import type { PaymentInstruction, PaymentProviderName } from '../../../contract/payment.ts';

/** What a provider needs to take a buyer to pay. */
export interface PayableOrder {
  id: string;
  amountCents: number;
  subject: string;
}

/**
 * A provider's payment notice after its signature was verified. `ignored` is a notice that
 * changes nothing here (e.g. Alipay's WAIT_BUYER_PAY).
 */
export interface VerifiedNotice {
  orderId: string;
  outcome: 'paid' | 'failed' | 'refunded' | 'ignored';
  /** The order's total as the provider knows it; must equal ours. */
  amountCents: number;
  providerTxn: string | null;
}

export interface NoticeRequest {
  /** The body exactly as received: signatures are over these bytes or fields. */
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

/** What a provider expects back from its notice URL. */
export interface NoticeReply {
  status: number;
  contentType: string;
  body: string;
}

/** Money to give back for an order the provider reported paid. */
export interface RefundRequest {
  orderId: string;
  amountCents: number;
  providerTxn: string | null;
  reason: string;
}

export interface PaymentProvider {
  name: PaymentProviderName;
  start(order: PayableOrder): Promise<PaymentInstruction>;
  /** The notice if its signature (and merchant) check out; null for anything forged. */
  verifyNotice(request: NoticeRequest): VerifiedNotice | null;
  accepted(): NoticeReply;
  rejected(message: string, status: number): NoticeReply;
  /**
   * Gives the whole amount back; resolves once the provider took the refund and throws when it
   * did not. Asking twice for the same order refunds once (providers key refunds by order).
   */
  refund(request: RefundRequest): Promise<void>;
}
