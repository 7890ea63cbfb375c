import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryAttemptStore } from './attempt-store.ts';
import type { AttemptStore } from './attempt-store.ts';
import { createRedisAttemptStore } from './redis-attempt-store.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `vibe-test-attempts-${randomBytes(6).toString('hex')}`;
const redis = redisUrl ? new Redis(redisUrl) : null;

const stores: [string, () => AttemptStore][] = [['memory', createMemoryAttemptStore]];
if (redis) stores.push(['redis', () => createRedisAttemptStore(redis, prefix)]);

afterAll(async () => {
  if (!redis) return;
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe.each(stores)('attempt store in %s', (_name, create) => {
  const store = create();
  let counter = 0;
  const key = () => `test:${(counter += 1)}`;

  it('counts up to the max, then says how long until the oldest attempt leaves the window', async () => {
    const bucket = { key: key(), max: 3, windowMs: 10_000 };
    const start = 1_000_000;
    for (let index = 0; index < 3; index += 1) {
      expect((await store.reserve([bucket], start + index * 1000)).waitMs).toBe(0);
    }
    expect(await store.reserve([bucket], start + 5000)).toMatchObject({
      waitMs: 5000,
      fullBucket: 0,
    });
    // The refused attempt was not counted: once the first leaves the window, one more fits.
    expect((await store.reserve([bucket], start + 10_000)).waitMs).toBe(0);
    expect((await store.reserve([bucket], start + 10_001)).waitMs).toBeGreaterThan(0);
  });

  it('counts in every bucket or in none, and names the full one', async () => {
    const small = { key: key(), max: 1, windowMs: 60_000 };
    const large = { key: key(), max: 5, windowMs: 60_000 };
    const now = 2_000_000;
    expect((await store.reserve([large, small], now)).waitMs).toBe(0);
    expect(await store.reserve([large, small], now + 1)).toMatchObject({ fullBucket: 1 });
    // The refusal above did not count in the large bucket: 4 more still fit there.
    for (let index = 0; index < 4; index += 1) {
      expect((await store.reserve([large], now + 2)).waitMs).toBe(0);
    }
    expect((await store.reserve([large], now + 3)).waitMs).toBeGreaterThan(0);
  });

  it('takes a released attempt back out and forgets a cleared bucket', async () => {
    const bucket = { key: key(), max: 2, windowMs: 60_000 };
    const now = 3_000_000;
    const first = await store.reserve([bucket], now);
    await store.reserve([bucket], now);
    expect((await store.reserve([bucket], now)).waitMs).toBeGreaterThan(0);
    await store.release([bucket.key], first.id);
    expect((await store.reserve([bucket], now)).waitMs).toBe(0);
    await store.clear(bucket.key);
    expect((await store.reserve([bucket], now)).waitMs).toBe(0);
    expect((await store.reserve([bucket], now)).waitMs).toBe(0);
  });

  it('lets exactly max of many simultaneous attempts through', async () => {
    const bucket = { key: key(), max: 5, windowMs: 60_000 };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => store.reserve([bucket], 4_000_000)),
    );
    expect(results.filter((result) => result.waitMs === 0)).toHaveLength(5);
  });
});
