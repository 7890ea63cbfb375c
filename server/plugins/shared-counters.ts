import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { createMemoryAttemptStore } from '../modules/auth/attempt-store.ts';
import type { AttemptStore } from '../modules/auth/attempt-store.ts';
import { createRedisAttemptStore } from '../modules/auth/redis-attempt-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Attempt counters (sign-in guesses, reset mails): in memory, or in Redis when shared. */
    attempts: AttemptStore;
    /** The Redis connection of the counters and request limits; null on one machine. */
    countersRedis: Redis | null;
  }
}

/**
 * Limits hold across instances only when their counters live in one place: with REDIS_URL the
 * attempt counters and the request limits share this connection; without it they stay in
 * memory, which is right for the single-machine default.
 */
async function sharedCounters(app: FastifyInstance) {
  const { redisUrl, redisPrefix } = app.config;
  if (!redisUrl) {
    app.decorate('countersRedis', null);
    app.decorate('attempts', createMemoryAttemptStore());
    return;
  }
  // Imported here, not at the top: a site without Redis never loads the client.
  const { Redis } = await import('ioredis');
  // Short timeouts, as @fastify/rate-limit advises: a limit check must not hang a request.
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
  });
  redis.on('error', (error) => app.log.error({ err: error }, 'counters redis connection error'));
  await redis.connect();
  app.decorate('countersRedis', redis);
  app.decorate('attempts', createRedisAttemptStore(redis, redisPrefix));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
}

export default fp(sharedCounters, { name: 'shared-counters', dependencies: ['database'] });
