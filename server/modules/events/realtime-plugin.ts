import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EVENT_HEARTBEAT_MS, EVENT_TICKET_TTL_SECONDS } from '../../../contract/events.ts';
import type { StreamEventName, StreamEvents } from '../../../contract/events.ts';
import type { Viewer } from '../users/viewer.ts';
import { createMemoryBackend } from './memory-backend.ts';
import type { RealtimeBackend } from './realtime-backend.ts';
import { createStreamHub } from './stream-hub.ts';
import type { StreamHub } from './stream-hub.ts';

export interface RealtimeOptions {
  /** Namespace of the Redis keys and channel (default "vibe"). */
  prefix?: string;
  heartbeatMs?: number;
}

/** Who a stream ticket was issued to. */
export interface TicketHolder {
  userId: number;
  sessionId: string;
}

export interface Realtime {
  /** Sends an event to every open stream of the user, on every instance. Never throws. */
  publish<K extends StreamEventName>(userId: number, name: K, data: StreamEvents[K]): Promise<void>;
  /**
   * Whether the user has a page of the site open: an event stream on any instance. When the
   * answer cannot be had (Redis down) it is false, so news still goes out by Web Push.
   */
  hasOpenPage(userId: number): Promise<boolean>;
  issueTicket(viewer: Viewer): Promise<string>;
  redeemTicket(ticket: string): Promise<TicketHolder | null>;
  hub: StreamHub;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

async function realtime(app: FastifyInstance, options: RealtimeOptions) {
  // Imported only with a Redis to use: a single machine never loads the Redis client.
  const backend: RealtimeBackend = app.config.redisUrl
    ? await (
        await import('./redis-backend.ts')
      ).createRedisBackend(app.config.redisUrl, options.prefix ?? 'vibe', (error) =>
        app.log.error({ err: error }, 'redis connection error'),
      )
    : createMemoryBackend();
  const hub = createStreamHub(backend, {
    heartbeatMs: options.heartbeatMs ?? EVENT_HEARTBEAT_MS,
    onError: (error) => app.log.error({ err: error }, 'real-time presence update failed'),
  });
  // Delivery is best effort: the action that caused an event has already happened, and the
  // client's polling catches up with anything a broken link lost.
  async function publish<K extends StreamEventName>(
    userId: number,
    name: K,
    data: StreamEvents[K],
  ) {
    try {
      await backend.publish(userId, name, data, {
        replayable: name !== 'unread' && name !== 'ended',
      });
    } catch (error) {
      app.log.error({ err: error, event: name }, 'real-time publish failed');
    }
  }

  app.decorate('realtime', {
    publish,
    async hasOpenPage(userId) {
      try {
        return await backend.isPresent(userId, Date.now());
      } catch (error) {
        app.log.error({ err: error }, 'real-time presence check failed');
        return false;
      }
    },
    async issueTicket(viewer) {
      const ticket = randomBytes(24).toString('base64url');
      const holder: TicketHolder = { userId: viewer.id, sessionId: viewer.sessionId };
      await backend.putTicket(ticket, JSON.stringify(holder), EVENT_TICKET_TTL_SECONDS);
      return ticket;
    },
    async redeemTicket(ticket) {
      const value = await backend.takeTicket(ticket);
      if (!value) return null;
      const holder = JSON.parse(value) as TicketHolder;
      return typeof holder.userId === 'number' && typeof holder.sessionId === 'string'
        ? holder
        : null;
    },
    hub,
  } satisfies Realtime);

  // Open streams never finish by themselves: end them before the server waits for in-flight
  // requests, so shutdown is prompt and clients reconnect elsewhere.
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => backend.close());
}

export default fp(realtime, { name: 'realtime', dependencies: ['database'] });
