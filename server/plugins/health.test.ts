import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { freePort } from '../../tests/helpers/e2e.ts';

const redisUrl = process.env.TEST_REDIS_URL;
/** Nothing listens on port 1 of loopback: a connection there is refused at once. */
const NOWHERE = 'http://127.0.0.1:1';

describe.each(testDatabases)('health and readiness (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers /healthz while the process runs', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is ready when the database and storage answer, and drains with 503 on shutdown', async () => {
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });

    t.app.health.beginDrain();
    const draining = await t.app.inject({ url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining' });
    // Still alive, and still serving what is already on its way.
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('readiness with unreachable engines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      s3: {
        endpoint: NOWHERE,
        bucket: 'missing',
        accessKeyId: 'key',
        secretAccessKey: 'secret-that-must-not-leak',
        region: 'us-east-1',
        forcePathStyle: true,
      },
    });
  });
  afterAll(() => t.close());

  it('answers 503 naming the failed checks, without their error texts', async () => {
    const response = await t.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', storage: 'failed' },
    });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('127.0.0.1');
  });
});

describe.skipIf(!redisUrl)('readiness with Redis', () => {
  it('checks Redis when REDIS_URL is set', async () => {
    const t = await createTestApp('sqlite', { redisUrl: redisUrl! });
    try {
      const response = await t.app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ checks: { redis: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('is not ready once its Redis stops answering', async () => {
    // A Redis server of the test's own, so stopping it disturbs no one else.
    const port = await freePort();
    const redis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => redis.once('exit', resolve));
    try {
      const t = await startWhenReady(() =>
        createTestApp('sqlite', { redisUrl: `redis://127.0.0.1:${port}` }),
      );
      try {
        expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
        redis.kill('SIGKILL');
        await exited;
        const response = await t.app.inject({ url: '/readyz' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ checks: { redis: 'failed', database: 'ok' } });
      } finally {
        await t.close();
      }
    } finally {
      redis.kill('SIGKILL');
    }
  });
});

/** Retries while a just-spawned engine is still starting to listen (connection refused). */
async function startWhenReady<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
