import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';

/** A dependency that does not answer within this time counts as down. */
const CHECK_TIMEOUT_MS = 2000;

export interface Health {
  /** From now on /readyz answers 503, so a balancer stops sending new requests here. */
  beginDrain(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    health: Health;
  }
}

type CheckName = 'database' | 'redis' | 'storage';

function withTimeout(work: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * /healthz: the process answers (a liveness probe restarts it otherwise).
 * /readyz: the engines this instance needs answer too, and it is not shutting down; a balancer
 * sends traffic only while it says 200. Answers carry check names only, never error texts,
 * which could name a host or a user.
 */
async function health(app: FastifyInstance) {
  let draining = false;
  // A connection of its own: the real-time backend's clients are busy with pub/sub and are not
  // shared outside the events module. ioredis is imported only when there is a Redis to check.
  const redis = app.config.redisUrl
    ? new (await import('ioredis')).Redis(app.config.redisUrl, {
        lazyConnect: true,
        maxRetriesPerRequest: 1,
        connectTimeout: CHECK_TIMEOUT_MS,
      })
    : null;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'readiness redis connection error'));

  const checks: Array<[CheckName, () => Promise<unknown>]> = [
    ['database', () => sql`select 1`.execute(app.db)],
    ['storage', () => app.storage.check()],
  ];
  if (redis) checks.push(['redis', () => redis.ping()]);

  app.decorate('health', {
    beginDrain() {
      draining = true;
    },
  } satisfies Health);
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });

  const noStore = { 'cache-control': 'no-store' };

  app.get('/healthz', { config: { rateLimit: false } }, async (_request, reply) =>
    reply.headers(noStore).send({ status: 'ok' }),
  );

  app.get('/readyz', { config: { rateLimit: false } }, async (_request, reply) => {
    void reply.headers(noStore);
    if (draining) return reply.code(503).send({ status: 'draining' });
    const results = await Promise.all(
      checks.map(async ([name, run]) => {
        try {
          await withTimeout(run());
          return [name, 'ok'] as const;
        } catch (error) {
          app.log.warn({ err: error, check: name }, 'readiness check failed');
          return [name, 'failed'] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(results) });
  });
}

export default fp(health, { name: 'health', dependencies: ['database', 'storage'] });
