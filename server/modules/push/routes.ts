import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../contract/common.ts';
import {
  PushPublicKey,
  PushSubscriptionBody,
  PushSubscriptionState,
  PushUnsubscribeBody,
  PushUnsubscribed,
} from '../../../contract/push.ts';
import { viewerOf } from '../users/viewer.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 429: ErrorBody };

/** Web Push: the key to subscribe with, and this device's subscription. */
export default async function pushRoutes(app: FastifyInstance) {
  const { push } = app.services;

  app.get(
    '/api/push/public-key',
    { schema: { response: { 200: PushPublicKey } } },
    async (_request, reply) => {
      // The key changes only if the data folder is lost; browsers may keep it for a day.
      reply.header('cache-control', 'public, max-age=86400');
      return { publicKey: push.publicKey };
    },
  );

  app.post<{ Body: PushSubscriptionBody }>(
    '/api/push/subscriptions',
    {
      preHandler: app.requireUser,
      schema: { body: PushSubscriptionBody, response: { 200: PushSubscriptionState, ...errors } },
    },
    (request) => push.subscribe(viewerOf(request), request.body),
  );

  app.delete<{ Body: PushUnsubscribeBody }>(
    '/api/push/subscriptions',
    {
      preHandler: app.requireUser,
      schema: { body: PushUnsubscribeBody, response: { 200: PushUnsubscribed, ...errors } },
    },
    (request) => push.unsubscribe(viewerOf(request), request.body.endpoint),
  );
}
