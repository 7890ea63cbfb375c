import { Redis } from 'ioredis';
import type { StreamEventName } from '../../../contract/events.ts';
import { REPLAY_EVENTS_PER_USER, REPLAY_WINDOW_SECONDS, parseEventId } from './realtime-backend.ts';
import type { RealtimeBackend, StreamEvent, StreamListener } from './realtime-backend.ts';

interface Envelope {
  userId: number;
  event: StreamEvent;
}

const STREAM_EVENT_NAMES: ReadonlySet<string> = new Set<StreamEventName>([
  'notification',
  'message',
  'unread',
]);

function readEnvelope(text: string): Envelope | null {
  try {
    const parsed = JSON.parse(text) as Partial<Envelope>;
    if (typeof parsed.userId !== 'number' || !parsed.event) return null;
    if (!STREAM_EVENT_NAMES.has(parsed.event.name)) return null;
    return parsed as Envelope;
  } catch {
    return null;
  }
}

/**
 * Real-time state in Redis: one pub/sub channel carries every event to every instance, a
 * capped list per user keeps recent events for resuming, tickets are keys that expire.
 * `prefix` keeps several sites (or test runs) on one Redis apart.
 */
export async function createRedisBackend(
  url: string,
  prefix: string,
  onError: (error: unknown) => void,
): Promise<RealtimeBackend> {
  const commands = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true });
  commands.on('error', onError);
  subscriber.on('error', onError);
  await Promise.all([commands.connect(), subscriber.connect()]);

  const channel = `${prefix}:events`;
  const sequenceKey = `${prefix}:event-seq`;
  const recentKey = (userId: number) => `${prefix}:recent:${userId}`;
  const ticketKey = (ticket: string) => `${prefix}:ticket:${ticket}`;
  // A sorted set per user: its open streams, scored by when each stops counting.
  const presenceKey = (userId: number) => `${prefix}:presence:${userId}`;
  const listeners: StreamListener[] = [];

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const envelope = readEnvelope(text);
    if (!envelope) return;
    for (const listener of listeners) listener(envelope.userId, envelope.event);
  });
  await subscriber.subscribe(channel);

  return {
    async publish(userId, name, data, { replayable }) {
      const id = replayable ? String(await commands.incr(sequenceKey)) : null;
      const envelope = JSON.stringify({ userId, event: { id, name, data } } satisfies Envelope);
      const batch = commands.multi();
      if (replayable) {
        batch
          .lpush(recentKey(userId), envelope)
          .ltrim(recentKey(userId), 0, REPLAY_EVENTS_PER_USER - 1)
          .expire(recentKey(userId), REPLAY_WINDOW_SECONDS);
      }
      batch.publish(channel, envelope);
      await batch.exec();
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async replay(userId, afterId) {
      const after = parseEventId(afterId);
      if (after === null) return [];
      const kept = await commands.lrange(recentKey(userId), 0, -1);
      return kept
        .map(readEnvelope)
        .filter((envelope): envelope is Envelope => envelope !== null)
        .map((envelope) => envelope.event)
        .filter((event) => Number(event.id) > after)
        .sort((a, b) => Number(a.id) - Number(b.id));
    },
    async markPresent(userId, streamId, expiresAt) {
      const key = presenceKey(userId);
      await commands
        .multi()
        .zadd(key, expiresAt, streamId)
        .zremrangebyscore(key, '-inf', Date.now())
        // The set lives as long as its longest-lasting stream: set a first expiry, then only
        // ever extend it (Redis 7).
        .pexpireat(key, expiresAt, 'NX')
        .pexpireat(key, expiresAt, 'GT')
        .exec();
    },
    async markGone(userId, streamId) {
      await commands.zrem(presenceKey(userId), streamId);
    },
    async isPresent(userId, now) {
      return (await commands.zcount(presenceKey(userId), `(${now}`, '+inf')) > 0;
    },
    async putTicket(ticket, value, ttlSeconds) {
      await commands.set(ticketKey(ticket), value, 'EX', ttlSeconds);
    },
    takeTicket(ticket) {
      return commands.getdel(ticketKey(ticket));
    },
    async close() {
      listeners.length = 0;
      await Promise.allSettled([subscriber.quit(), commands.quit()]);
    },
  };
}
