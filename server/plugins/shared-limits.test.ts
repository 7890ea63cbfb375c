import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, testDatabases } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { LOGIN_LIMITS } from '../modules/auth/attempt-limiter.ts';
import { RESET_MAIL_LIMITS } from '../modules/password-reset/password-reset-service.ts';
import { RATE_LIMITS } from './rate-limits.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** Deletes every key of a test's own prefix (other runs share the Redis). */
async function deletePrefix(url: string, prefix: string) {
  const redis = new Redis(url);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}

describe.skipIf(!redisUrl).each(testDatabases)(
  'three instances sharing one Redis on %s',
  (kind) => {
    const prefix = `vibe-test-limits-${randomBytes(6).toString('hex')}`;
    let first: TestApp;
    const instances: FastifyInstance[] = [];

    beforeAll(async () => {
      first = await createTestApp(kind, {
        redisUrl: redisUrl!,
        redisPrefix: prefix,
        rateLimit: true,
      });
      instances.push(first.app);
      // The same database and Redis, as three machines behind a balancer would have.
      for (let index = 0; index < 2; index += 1) {
        const app = await buildApp({
          config: first.config,
          database: openDatabase(first.config),
          logger: false,
        });
        await app.ready();
        instances.push(app);
      }
    });
    afterAll(async () => {
      for (const app of instances.slice(1)) await app.close();
      await first.close();
      await deletePrefix(redisUrl!, prefix);
    });

    const post = (instance: number, url: string, payload: object, ip: string) =>
      instances[instance % 3]!.inject({ method: 'POST', url, payload, remoteAddress: ip });

    it('refuses sign-in guesses spread over the three after the one shared cap', async () => {
      const user = await registerUser(first.app, 'spread');
      const ip = '10.40.0.1';
      for (let attempt = 0; attempt < LOGIN_LIMITS.maxPerKey; attempt += 1) {
        const guess = await post(
          attempt,
          '/api/auth/login',
          { username: user.user.username, password: `guess-${attempt}` },
          ip,
        );
        expect(guess.statusCode).toBe(401);
      }
      for (let instance = 0; instance < 3; instance += 1) {
        const right = await post(
          instance,
          '/api/auth/login',
          { username: user.user.username, password: user.password },
          ip,
        );
        expect(right.statusCode).toBe(429);
      }
    });

    it('checks only the cap of parallel guesses sent to all three at once', async () => {
      const user = await registerUser(first.app, 'spread2');
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          post(
            index,
            '/api/auth/login',
            { username: user.user.username, password: `guess-${index}` },
            `10.41.0.${index + 1}`,
          ).then((response) => response.statusCode),
        ),
      );
      expect(answers.filter((status) => status === 401)).toHaveLength(LOGIN_LIMITS.maxPerKey);
      expect(answers.filter((status) => status === 429)).toHaveLength(30 - LOGIN_LIMITS.maxPerKey);
    });

    it('counts reset mails of one address across the three', async () => {
      const email = `nobody-${prefix}@example.com`;
      for (let attempt = 0; attempt < RESET_MAIL_LIMITS.maxPerKey; attempt += 1) {
        const asked = await post(
          attempt,
          '/api/auth/forgot-password',
          { email },
          `10.42.0.${attempt}`,
        );
        expect(asked.statusCode).toBe(200);
      }
      const refused = await post(2, '/api/auth/forgot-password', { email }, '10.42.1.1');
      expect(refused.statusCode).toBe(429);
    });

    it('lets one SMS code a minute out for a phone, whichever instance is asked', async () => {
      const phone = `1340000${String(Date.now() % 1e4).padStart(4, '0')}`;
      const answers = await Promise.all(
        Array.from({ length: 9 }, (_, index) =>
          post(
            index,
            '/api/auth/verification-code',
            { phone, type: 'register' },
            `10.44.0.${index + 1}`,
          ).then((response) => response.statusCode),
        ),
      );
      expect(answers.filter((status) => status === 200)).toHaveLength(1);
      expect(answers.filter((status) => status === 429)).toHaveLength(8);
    });

    it('holds one write rate limit across the three', async () => {
      const ip = '10.43.0.1';
      for (let index = 0; index < RATE_LIMITS.writesPerMinute; index += 1) {
        expect((await post(index, '/api/auth/login', {}, ip)).statusCode).toBe(400);
      }
      for (let instance = 0; instance < 3; instance += 1) {
        const limited = await post(instance, '/api/auth/login', {}, ip);
        expect(limited.statusCode).toBe(429);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      }
    });
  },
);
