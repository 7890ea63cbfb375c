import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorText } from '../../contract/messages.ts';

/**
 * Per minute, per signed-in user or per address: writes are held tighter than reads (the
 * defaults; RATE_LIMIT_READS and RATE_LIMIT_WRITES change them). With REDIS_URL the counts live
 * in Redis (the plugin's own atomic script), so every instance enforces one shared limit;
 * otherwise in memory.
 */
export const RATE_LIMITS = { readsPerMinute: 1200, writesPerMinute: 120, reportsPerHour: 20 };

/** Route config for reports (举报): a handful an hour is plenty for a person, not for a flood. */
export const REPORT_RATE_LIMIT = { max: RATE_LIMITS.reportsPerHour, timeWindow: '1 hour' };

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

async function rateLimits(app: FastifyInstance) {
  if (!app.config.rateLimit) return;
  await app.register(rateLimit, {
    global: true,
    timeWindow: '1 minute',
    ...(app.countersRedis && {
      redis: app.countersRedis,
      nameSpace: `${app.config.redisPrefix}:rate:`,
      // A Redis outage should not take the whole API down with it: requests go through
      // unlimited until it is back, and the connection error is logged.
      skipOnError: true,
    }),
    max: (request) =>
      isWrite(request.method)
        ? app.config.requestLimits.writesPerMinute
        : app.config.requestLimits.readsPerMinute,
    keyGenerator: (request) => {
      const bucket = isWrite(request.method) ? 'w' : 'r';
      return request.viewer ? `${bucket}:u${request.viewer.id}` : `${bucket}:${request.ip}`;
    },
    // Static assets are cached by the browser and the worker; only the API is counted.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: errorText.tooManyRequests,
      retryAfter: Math.ceil(context.ttl / 1000),
    }),
  });
}

export default fp(rateLimits, { name: 'rate-limits', dependencies: ['auth', 'shared-counters'] });
