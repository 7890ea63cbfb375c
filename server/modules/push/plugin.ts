import type { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPushSender } from './push-sender.ts';
import type { PushSender } from './push-sender.ts';
import { loadVapidKeys } from './vapid-keys.ts';

/** What tests change: their push service fake listens on loopback with its own certificate. */
export interface PushOptions {
  allowLoopback?: boolean;
  agent?: Agent;
}

/** The site's link to push services: its VAPID key and the sender signed with it. */
export interface WebPush {
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  sender: PushSender;
  /** Whether subscriptions on loopback are accepted (tests only). */
  allowLoopback: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    webPush: WebPush;
  }
}

async function webPush(app: FastifyInstance, options: PushOptions) {
  const keys = loadVapidKeys(app.config.dataDir, app.config.push.keys);
  app.decorate('webPush', {
    publicKey: keys.publicKey,
    sender: createPushSender({
      keys,
      subject: app.config.push.subject,
      agent: options.agent,
      onFailure: (failure) => app.log.warn(failure, 'web push not delivered'),
    }),
    allowLoopback: options.allowLoopback ?? false,
  } satisfies WebPush);
}

export default fp(webPush, { name: 'web-push' });
