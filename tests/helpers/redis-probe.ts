import { Redis } from 'ioredis';

/** The Redis the tests that need one use (TEST_REDIS_URL, or the machine's own). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when that Redis answers a PING within a second; those tests are skipped otherwise. */
export async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(testRedisUrl, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
