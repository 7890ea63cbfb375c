import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../contract/messages.ts';
import { createTestApp } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { RATE_LIMITS } from './rate-limits.ts';

describe('request rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { rateLimit: true });
  });
  afterAll(() => t.close());

  it('holds writes to their per-minute budget with a Chinese 429 and a retry time', async () => {
    const write = () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    for (let index = 0; index < RATE_LIMITS.writesPerMinute; index += 1) {
      expect((await write()).statusCode).toBe(400);
    }
    const limited = await write();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: errorText.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Reads have a budget of their own.
    const read = await t.app.inject({ method: 'GET', url: '/api/auth/users/1' });
    expect(read.statusCode).toBe(404);
  });
});
