import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { NoticeReply, PaymentProvider, RefundRequest, VerifiedNotice } from './provider.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export interface SandboxNotice {
  orderId: string;
  outcome: 'paid' | 'failed' | 'refunded';
  amountCents: number;
  txnId: string;
}

/** Kept in the data folder like the JWT secret: no setup, and it survives restarts. */
export function readSandboxSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'sandbox-payment-secret');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim());
}

const hmac = (secret: Buffer, body: string) =>
  createHmac('sha256', secret).update(body).digest('hex');

/** A notice as the sandbox "bank" sends it: JSON, HMAC-SHA256 of the exact body in a header. */
export function signSandboxNotice(secret: Buffer, notice: SandboxNotice) {
  const body = JSON.stringify({ ...notice, sentAt: Date.now() });
  return {
    body,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: hmac(secret, body) },
  };
}

function parseNotice(body: string): SandboxNotice | null {
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value !== 'object' || value === null) return null;
    const notice = value as Record<string, unknown>;
    const outcome = notice.outcome;
    if (
      typeof notice.orderId !== 'string' ||
      typeof notice.txnId !== 'string' ||
      !Number.isInteger(notice.amountCents) ||
      (outcome !== 'paid' && outcome !== 'failed' && outcome !== 'refunded')
    ) {
      return null;
    }
    return {
      orderId: notice.orderId,
      outcome,
      amountCents: notice.amountCents as number,
      txnId: notice.txnId,
    };
  } catch {
    return null;
  }
}

export type DeliverNotice = (
  body: string,
  headers: Record<string, string>,
) => Promise<{ statusCode: number }>;

/**
 * The local provider: the buyer confirms on our own page, then the sandbox sends a signed notice
 * to `/api/payments/notify/sandbox`, the same verify-then-mark path a real provider's takes.
 */
export function createSandboxProvider(options: { secret: Buffer; deliver: DeliverNotice }) {
  const refunded = new Map<string, RefundRequest>();
  const provider: PaymentProvider = {
    name: 'sandbox',

    async start(order) {
      return { provider: 'sandbox', confirmUrl: `/api/payments/orders/${order.id}/confirm` };
    },

    verifyNotice({ rawBody, headers }): VerifiedNotice | null {
      const given = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return null;
      const expected = Buffer.from(hmac(options.secret, rawBody));
      if (!timingSafeEqual(Buffer.from(given), expected)) return null;
      const notice = parseNotice(rawBody);
      return (
        notice && {
          orderId: notice.orderId,
          outcome: notice.outcome,
          amountCents: notice.amountCents,
          providerTxn: notice.txnId,
        }
      );
    },

    accepted: (): NoticeReply => ({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: true }),
    }),

    rejected: (message, status): NoticeReply => ({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ error: message }),
    }),

    // The sandbox "bank" holds no money: a refund is only recorded, once per order.
    async refund(request) {
      refunded.set(request.orderId, request);
    },
  };

  return {
    ...provider,
    /** The sandbox "bank" settling an order: sends its notice and reports whether it was taken. */
    async send(notice: SandboxNotice): Promise<boolean> {
      const signed = signSandboxNotice(options.secret, notice);
      const response = await options.deliver(signed.body, signed.headers);
      return response.statusCode === 200;
    },
    /** Refunds given back, by order (what a real provider's statement would show). */
    refunds(): RefundRequest[] {
      return [...refunded.values()];
    },
  };
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
