import type { PaymentConfig } from '../../config.ts';
import { createAlipayProvider } from './alipay-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, readSandboxSecret } from './sandbox-provider.ts';
import type { DeliverNotice, SandboxProvider } from './sandbox-provider.ts';

export interface PaymentProviders {
  /** Takes new orders; null when none is live (production without one configured). */
  provider: PaymentProvider | null;
  /** Every provider whose notices are accepted, by name. */
  noticeProviders: Map<string, PaymentProvider>;
  /** Present while the sandbox takes orders: it settles them on the buyer's confirm. */
  sandbox: SandboxProvider | null;
}

/**
 * The configured providers. The sandbox sends its notices through `deliver` (the app's own
 * notice route), as a real provider would call it from outside.
 */
export function createPaymentProviders(
  payments: PaymentConfig,
  dataDir: string,
  deliver: DeliverNotice,
): PaymentProviders {
  const sandbox =
    payments.provider === 'sandbox'
      ? createSandboxProvider({ secret: readSandboxSecret(dataDir), deliver })
      : null;
  const alipay = payments.alipay ? createAlipayProvider(payments.alipay) : null;
  const noticeProviders = new Map<string, PaymentProvider>(
    [sandbox, alipay].filter((each) => each !== null).map((each) => [each.name, each]),
  );
  return { provider: sandbox ?? alipay, noticeProviders, sandbox };
}
