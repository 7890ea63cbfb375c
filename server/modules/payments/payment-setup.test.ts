import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { describePaymentSetup } from './payment-setup.ts';

describe('which payment provider is live', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-pay-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const providerFor = (env: NodeJS.ProcessEnv) =>
    loadConfig({ JWT_SECRET: 'x'.repeat(40), ...env }, { dataDir }).payments.provider;

  it('never uses the sandbox in production unless it is switched on', () => {
    expect(providerFor({ NODE_ENV: 'production' })).toBe('none');
    expect(providerFor({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' })).toBe('sandbox');
    expect(providerFor({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'false' })).toBe('none');
    expect(() => providerFor({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1' })).toThrow(
      /PAYMENTS_SANDBOX must be true or false/,
    );
    expect(providerFor({})).toBe('sandbox');
    expect(providerFor({ NODE_ENV: 'development' })).toBe('sandbox');
  });

  it('says at start-up which provider is live, and warns about the sandbox in production', () => {
    expect(describePaymentSetup('alipay', 'production')).toMatchObject({ level: 'info' });
    expect(describePaymentSetup('sandbox', 'development')).toMatchObject({ level: 'info' });
    const sandbox = describePaymentSetup('sandbox', 'production');
    expect(sandbox.level).toBe('warn');
    expect(sandbox.message).toMatch(/SANDBOX is live in production/);
    const none = describePaymentSetup('none', 'production');
    expect(none.level).toBe('warn');
    expect(none.message).toMatch(/no provider is live/);
  });
});

describe.each(testDatabases)('orders with no payment provider on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { payments: { provider: 'none', alipay: null } });
  });
  afterAll(() => t.close());

  it('refuses to take an order, with a clear reason, and stores none', async () => {
    const buyer = await registerUser(t.app, 'nopay');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/orders',
      headers: buyer.auth,
      payload: { kind: 'membership', planId: 'month' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: errorText.paymentNotConfigured });
    const orders = await t.app.db.selectFrom('orders').select('id').execute();
    expect(orders).toEqual([]);
    // Nobody can confirm a sandbox order for free either.
    const notice = await t.app.inject({ method: 'POST', url: '/api/payments/notify/sandbox' });
    expect(notice.statusCode).toBe(404);
  });
});
