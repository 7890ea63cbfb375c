import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { validatorCompiler } from './lib/validator.ts';
import authPlugin from './plugins/auth.ts';
import databasePlugin from './plugins/database.ts';
import domainEvents from './plugins/domain-events.ts';
import errorHandler from './plugins/error-handler.ts';
import rateLimits from './plugins/rate-limits.ts';
import staticSite from './plugins/static-site.ts';
import authRoutes from './modules/auth/routes.ts';
import userRoutes from './modules/users/routes.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export interface BuildOptions {
  config: Config;
  /** Tests pass an already-open handle (e.g. a PostgreSQL schema of their own). */
  database?: DatabaseHandle;
  logger?: boolean;
}

export async function buildApp({
  config,
  database,
  logger = true,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
        }
      : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: (request) => {
      const sent = request.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    return503OnClosing: true,
  });

  app.setValidatorCompiler(validatorCompiler);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorHandler);
  await app.register(databasePlugin, { config, handle: database });
  await app.register(authPlugin);
  await app.register(domainEvents);
  await app.register(rateLimits);
  await app.register(staticSite);

  await app.register(authRoutes);
  await app.register(userRoutes);

  return app;
}
