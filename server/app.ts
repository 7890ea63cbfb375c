import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { AccessLog } from './lib/access-log.ts';
import { loggerOptions } from './lib/log-redaction.ts';
import { answerUnparsableRequest } from './lib/unparsable-requests.ts';
import { errorText } from '../contract/messages.ts';
import { validatorCompiler } from './lib/validator.ts';
import { serializeResponsesSimply } from './lib/serialized-schema.ts';
import authPlugin from './plugins/auth.ts';
import databasePlugin from './plugins/database.ts';
import domainEvents from './plugins/domain-events.ts';
import compression from './plugins/compression.ts';
import errorHandler from './plugins/error-handler.ts';
import jsonBody from './plugins/json-body.ts';
import securityHeaders from './plugins/security-headers.ts';
import turnSlices from './plugins/turn-slices.ts';
import health from './plugins/health.ts';
import metrics from './plugins/metrics.ts';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '../contract/post-rules.ts';
import rateLimits from './plugins/rate-limits.ts';
import sharedCounters from './plugins/shared-counters.ts';
import idempotency from './plugins/idempotency.ts';
import staticSite from './plugins/static-site.ts';
import pageSession from './modules/pages/page-session.ts';
import pages from './modules/pages/plugin.ts';
import authRoutes from './modules/auth/routes.ts';
import passwordResetRoutes from './modules/password-reset/routes.ts';
import phoneRoutes from './modules/phone/routes.ts';
import settingsRoutes from './modules/settings/routes.ts';
import socialRoutes from './modules/social/routes.ts';
import userRoutes from './modules/users/routes.ts';
import atmosphereRoutes from './modules/atmosphere/routes.ts';
import membershipRoutes from './modules/membership/routes.ts';
import paymentRoutes from './modules/payments/routes.ts';
import adminRoutes from './modules/admin/routes.ts';
import categoryRoutes from './modules/categories/routes.ts';
import commentRoutes from './modules/comments/routes.ts';
import draftRoutes from './modules/drafts/routes.ts';
import pinRoutes from './modules/pins/routes.ts';
import feedRanking from './modules/posts/ranking-plugin.ts';
import postRoutes from './modules/posts/routes.ts';
import userSearchRoutes from './modules/search/routes.ts';
import sitemapRoutes from './modules/sitemap/routes.ts';
import storagePlugin from './modules/storage/plugin.ts';
import uploadRoutes from './modules/uploads/routes.ts';
import uploadCleanup from './modules/uploads/cleanup-plugin.ts';
import coverRoutes from './modules/covers/routes.ts';
import batchRoutes from './modules/batch/routes.ts';
import realtime from './modules/events/realtime-plugin.ts';
import type { RealtimeOptions } from './modules/events/realtime-plugin.ts';
import eventRoutes from './modules/events/routes.ts';
import feedbackRoutes from './modules/feedback/routes.ts';
import followRoutes from './modules/follows/routes.ts';
import messageRoutes from './modules/messages/routes.ts';
import notificationRoutes from './modules/notifications/routes.ts';
import reportRoutes from './modules/reports/routes.ts';
import peopleRoutes from './modules/people/routes.ts';
import wordRoutes from './modules/words/routes.ts';
import services from './wiring/plugin.ts';
import webPush from './modules/push/plugin.ts';
import type { PushOptions } from './modules/push/plugin.ts';
import pushRoutes from './modules/push/routes.ts';
import tagRoutes from './modules/tags/routes.ts';
import relatedRoutes from './modules/related/routes.ts';
import mentionRoutes from './modules/mentions/routes.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export interface BuildOptions {
  config: Config;
  /** Tests pass an already-open handle (e.g. a PostgreSQL schema of their own). */
  database?: DatabaseHandle;
  logger?: boolean;
  /** A logger made before the app (server/main.ts logs its migrations with it), used instead. */
  log?: FastifyBaseLogger;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** Real-time stream settings (tests use their own Redis prefix and a short heartbeat). */
  realtime?: RealtimeOptions;
  /** Web Push settings (tests send to a push service fake on loopback). */
  push?: PushOptions;
}

export async function buildApp({
  config,
  database,
  logger = true,
  log,
  logStream,
  realtime: realtimeOptions = {},
  push: pushOptions = {},
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(log
      ? { loggerInstance: log }
      : { logger: logger ? loggerOptions(config.logLevel, logStream) : false }),
    logController: new AccessLog(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: (request) => {
      const sent = request.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    return503OnClosing: true,
    // Loading the page renderer on a busy machine takes longer than Fastify's 10 s default; a
    // plugin that truly hangs still stops the start. The server migrates its database before
    // this (server/main.ts), with no bound: the database plugin then finds nothing to do.
    pluginTimeout: 180_000,
    // The router refuses a malformed or over-long path before any hook runs, with an English
    // body of its own; answer those in the site's words like every other bad input.
    // What Node itself cannot parse (a request line or headers over 16 KB) gets the same.
    clientErrorHandler: answerUnparsableRequest,
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply
        .code(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400)
        .send({ error: errorText.badRequest });
    },
  });

  app.setValidatorCompiler(validatorCompiler);
  // Before any route: each answer's schema as fast-json-stringify serialises it without Ajv.
  app.addHook('onRoute', serializeResponsesSimply);

  // Callback style: an async hook is a promise for every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    done(null, payload);
  });

  await app.register(turnSlices);
  await app.register(errorHandler);
  await app.register(jsonBody);
  await app.register(compression);
  await app.register(databasePlugin, { config, handle: database });
  await app.register(securityHeaders);
  await app.register(metrics);
  await app.register(authPlugin);
  await app.register(domainEvents);
  await app.register(sharedCounters);
  await app.register(rateLimits);
  await app.register(idempotency);
  await app.register(staticSite);
  await app.register(pageSession);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 10, fields: 20, parts: 30 },
  });
  await app.register(storagePlugin);
  await app.register(health);
  await app.register(realtime, { prefix: config.redisPrefix, ...realtimeOptions });
  await app.register(webPush, pushOptions);
  await app.register(services);
  await app.register(uploadCleanup);
  await app.register(feedRanking);
  await app.register(pages);

  await app.register(authRoutes);
  await app.register(phoneRoutes);
  await app.register(socialRoutes);
  await app.register(passwordResetRoutes);
  await app.register(settingsRoutes);
  await app.register(userRoutes);
  await app.register(membershipRoutes);
  await app.register(paymentRoutes);
  await app.register(atmosphereRoutes);
  await app.register(categoryRoutes);
  await app.register(postRoutes);
  await app.register(uploadRoutes);
  await app.register(coverRoutes);
  await app.register(commentRoutes);
  await app.register(draftRoutes);
  await app.register(pinRoutes);
  await app.register(adminRoutes);
  await app.register(userSearchRoutes);
  await app.register(sitemapRoutes);
  await app.register(pushRoutes);
  await app.register(followRoutes);
  await app.register(notificationRoutes);
  await app.register(messageRoutes);
  await app.register(eventRoutes);
  await app.register(batchRoutes);
  await app.register(feedbackRoutes);
  await app.register(reportRoutes);
  await app.register(peopleRoutes);
  await app.register(wordRoutes);
  await app.register(tagRoutes);
  await app.register(relatedRoutes);
  await app.register(mentionRoutes);

  return app;
}
