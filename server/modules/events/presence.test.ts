import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryBackend } from './memory-backend.ts';
import type { RealtimeBackend } from './realtime-backend.ts';
import { createRedisBackend } from './redis-backend.ts';
import { redisAvailable, testRedisUrl as redisUrl } from '../../../tests/helpers/redis-probe.ts';

/** What every backend must say about open pages, seen from `reader` after `writer` changes it. */
function presenceRules(writer: () => RealtimeBackend, reader: () => RealtimeBackend) {
  it('counts a stream as an open page until it is gone or its time runs out', async () => {
    const userId = 40_000 + Math.floor(Math.random() * 1000);
    const now = Date.now();
    expect(await reader().isPresent(userId, now)).toBe(false);
    await writer().markPresent(userId, 'tab-a', now + 60_000);
    await writer().markPresent(userId, 'tab-b', now + 1_000);
    expect(await reader().isPresent(userId, now)).toBe(true);

    await writer().markGone(userId, 'tab-a');
    expect(await reader().isPresent(userId, now)).toBe(true);
    // tab-b was last renewed long ago (its instance may have died): it no longer counts.
    expect(await reader().isPresent(userId, now + 2_000)).toBe(false);
    await writer().markGone(userId, 'tab-b');
    expect(await reader().isPresent(userId, now)).toBe(false);
  });
}

describe('presence in memory', () => {
  const backend = createMemoryBackend();
  afterAll(() => backend.close());
  presenceRules(
    () => backend,
    () => backend,
  );
});

describe.skipIf(!(await redisAvailable()))('presence through Redis, across instances', () => {
  const prefix = `vibe-presence-${randomBytes(6).toString('hex')}`;
  const backends: RealtimeBackend[] = [];
  const ready = Promise.all([
    createRedisBackend(redisUrl, prefix, () => undefined),
    createRedisBackend(redisUrl, prefix, () => undefined),
  ]).then((made) => backends.push(...made));
  afterAll(async () => {
    await ready;
    await Promise.all(backends.map((backend) => backend.close()));
  });

  it('connects two instances', async () => {
    await ready;
    expect(backends).toHaveLength(2);
  });
  presenceRules(
    () => backends[0]!,
    () => backends[1]!,
  );

  it('keeps the record as long as its longest-lasting stream', async () => {
    await ready;
    const now = Date.now();
    await backends[0]!.markPresent(7, 'long', now + 60_000);
    await backends[0]!.markPresent(7, 'short', now + 1_000);
    const redis = new Redis(redisUrl);
    try {
      expect(await redis.pttl(`${prefix}:presence:7`)).toBeGreaterThan(30_000);
      await redis.del(`${prefix}:presence:7`);
    } finally {
      redis.disconnect();
    }
  });
});
