import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: NodeJS.ProcessEnv) =>
    loadConfig({ JWT_SECRET: 'x'.repeat(40), WEB_ROOT: dataDir, ...env }, { dataDir });

  it('keeps the documented defaults when nothing is set', () => {
    const config = load({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      databaseUrl: null,
      publicOrigin: 'http://127.0.0.1:8080',
      redisUrl: null,
      redisPrefix: 'vibe',
      logLevel: 'info',
      seedDemo: true,
      rateLimit: true,
      requestLimits: { readsPerMinute: 1200, writesPerMinute: 120 },
      trustProxy: false,
      uploadQuota: { dailyCount: 60, dailyBytes: 100 * 1024 * 1024 },
      sms: { provider: 'log' },
      mail: { smtp: null },
      s3: null,
      metricsAllow: ['127.0.0.1', '::1'],
      shutdownDrainMs: 0,
    });
  });

  it('turns strings into numbers and flags, and treats an empty value as unset', () => {
    const config = load({
      PORT: '9090',
      DATABASE_URL: 'postgresql://vibe@db:5432/vibe',
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      RATE_LIMIT: 'off',
      RATE_LIMIT_READS: '50',
      UPLOAD_DAILY_MB: '1.5',
      SHUTDOWN_DRAIN_MS: '',
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '465',
    });
    expect(config).toMatchObject({
      port: 9090,
      databaseUrl: 'postgresql://vibe@db:5432/vibe',
      publicOrigin: 'http://127.0.0.1:9090',
      seedDemo: false,
      trustProxy: true,
      rateLimit: false,
      requestLimits: { readsPerMinute: 50 },
      uploadQuota: { dailyBytes: Math.round(1.5 * 1024 * 1024) },
      shutdownDrainMs: 0,
      mail: { smtp: { host: 'smtp.example.com', port: 465, secure: true } },
    });
    expect(load({ DATABASE_URL: '' }).databaseUrl).toBeNull();
  });

  it.each([
    [{ PORT: '80x' }, /PORT must be an integer 1–65535/],
    [{ PORT: '0' }, /PORT must be an integer 1–65535/],
    [{ PORT: '70000' }, /PORT must be an integer 1–65535/],
    [{ DATABASE_URL: 'mysql://root@db/vibe' }, /DATABASE_URL must be a postgres:\/\//],
    [{ DATABASE_URL: 'data/site.db' }, /DATABASE_URL must be a postgres:\/\//],
    [{ SEED_DEMO: 'no' }, /SEED_DEMO must be true or false/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY must be true or false/],
    [{ RATE_LIMIT_WRITES: '-5' }, /RATE_LIMIT_WRITES must be a positive number/],
    [{ UPLOAD_DAILY_COUNT: '2.5' }, /UPLOAD_DAILY_COUNT must be a positive integer/],
    [{ SHUTDOWN_DRAIN_MS: 'soon' }, /SHUTDOWN_DRAIN_MS must be a whole number/],
    [{ LOG_LEVEL: 'verbose' }, /LOG_LEVEL must be one of fatal/],
    [{ SMS_PROVIDER: 'twilio' }, /SMS_PROVIDER must be log or aliyun/],
    [{ RATE_LIMIT: 'false' }, /RATE_LIMIT must be on or off/],
    [{ PUBLIC_ORIGIN: 'example.com' }, /PUBLIC_ORIGIN must be an http/],
  ])('refuses %o', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });

  it('names every wrong variable in one message and never repeats a value', () => {
    let message = '';
    try {
      load({ PORT: 'abc', DATABASE_URL: 'mysql://root:hunter2@db/vibe', SEED_DEMO: 'maybe' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: /);
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('SEED_DEMO');
    expect(message).not.toContain('hunter2');
  });

  it('lets the caller override what the environment says', () => {
    expect(load({ PORT: '9090' }).port).toBe(9090);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40) }, { dataDir, port: 0 }).port).toBe(0);
  });
});
