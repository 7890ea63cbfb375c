import type { PaymentConfig } from '../../config.ts';

/**
 * The start-up line that says which payment provider is live, so nobody runs a shop that gives
 * notes away without knowing: the sandbox in production and no provider at all are warnings.
 */
export function describePaymentSetup(
  provider: PaymentConfig['provider'],
  nodeEnv: string | undefined,
): { level: 'info' | 'warn'; message: string } {
  const production = nodeEnv === 'production';
  switch (provider) {
    case 'alipay':
      return { level: 'info', message: 'payments: Alipay is live' };
    case 'sandbox':
      return production
        ? {
            level: 'warn',
            message:
              'payments: the SANDBOX is live in production (PAYMENTS_SANDBOX=true): buyers confirm their own orders without paying',
          }
        : {
            level: 'info',
            message: 'payments: the sandbox is live (buyers confirm their own orders)',
          };
    case 'none':
      return {
        level: 'warn',
        message:
          'payments: no provider is live, orders are refused (set PAYMENT_PROVIDER=alipay, or PAYMENTS_SANDBOX=true for the sandbox)',
      };
  }
}
