import type { Redis } from 'ioredis';
import { newAttemptId } from './attempt-store.ts';
import type { AttemptStore } from './attempt-store.ts';

/**
 * Check-and-count over several sorted sets (score = time of the attempt) as one script: Redis
 * runs a script without interleaving any other command, so instances sharing the Redis count
 * every attempt once and never let one past a full bucket. The script answers
 * {0, 0} when counted, or {bucket number (1-based), milliseconds to wait}.
 */
const RESERVE = `
local now = tonumber(ARGV[1])
local id = ARGV[2]
for i, key in ipairs(KEYS) do
  local max = tonumber(ARGV[1 + i * 2])
  local window = tonumber(ARGV[2 + i * 2])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  if count >= max then
    local oldest = redis.call('ZRANGE', key, count - max, count - max, 'WITHSCORES')
    return {i, math.max(1, tonumber(oldest[2]) + window - now)}
  end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, id)
  redis.call('PEXPIRE', key, tonumber(ARGV[2 + i * 2]))
end
return {0, 0}
`;

/** `prefix` keeps several sites (or test runs) on one Redis apart. */
export function createRedisAttemptStore(redis: Redis, prefix: string): AttemptStore {
  const keyOf = (key: string) => `${prefix}:attempts:${key}`;
  return {
    async reserve(buckets, now = Date.now()) {
      const id = newAttemptId(now);
      const args = buckets.flatMap((bucket) => [bucket.max, bucket.windowMs]);
      const [bucket, waitMs] = (await redis.eval(
        RESERVE,
        buckets.length,
        ...buckets.map((entry) => keyOf(entry.key)),
        now,
        id,
        ...args,
      )) as [number, number];
      return { waitMs, fullBucket: bucket - 1, id };
    },
    async release(keys, id) {
      const batch = redis.multi();
      for (const key of keys) batch.zrem(keyOf(key), id);
      await batch.exec();
    },
    async clear(key) {
      await redis.del(keyOf(key));
    },
    // The connection belongs to whoever opened it (the shared-counters plugin).
    async close() {},
  };
}
