import { REPLAY_EVENTS_PER_USER, REPLAY_WINDOW_SECONDS, parseEventId } from './realtime-backend.ts';
import type { RealtimeBackend, StreamEvent, StreamListener } from './realtime-backend.ts';

/** Users whose recent events are kept; the least recently active are forgotten first. */
const MAX_USERS_KEPT = 10_000;

interface KeptEvents {
  events: StreamEvent[];
  touchedAt: number;
}

/** A single instance's real-time state, for the default (no Redis) setup and for tests. */
export function createMemoryBackend(now: () => number = Date.now): RealtimeBackend {
  const listeners: StreamListener[] = [];
  const recent = new Map<number, KeptEvents>();
  const tickets = new Map<string, { value: string; expiresAt: number }>();
  const presence = new Map<number, Map<string, number>>();
  // Starting from the clock keeps ids increasing across restarts, so an old Last-Event-ID
  // never hides new events.
  let sequence = now();

  function keep(userId: number, event: StreamEvent) {
    const kept = recent.get(userId) ?? { events: [], touchedAt: 0 };
    recent.delete(userId);
    kept.events.push(event);
    if (kept.events.length > REPLAY_EVENTS_PER_USER) kept.events.shift();
    kept.touchedAt = now();
    recent.set(userId, kept);
    if (recent.size > MAX_USERS_KEPT) {
      const oldest = recent.keys().next().value;
      if (oldest !== undefined) recent.delete(oldest);
    }
  }

  function sweepTickets() {
    const time = now();
    for (const [ticket, entry] of tickets) if (entry.expiresAt <= time) tickets.delete(ticket);
  }

  return {
    async publish(userId, name, data, { replayable }) {
      const event: StreamEvent = { id: replayable ? String(++sequence) : null, name, data };
      if (replayable) keep(userId, event);
      for (const listener of listeners) listener(userId, event);
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async replay(userId, afterId) {
      const after = parseEventId(afterId);
      const kept = recent.get(userId);
      if (after === null || !kept || kept.touchedAt < now() - REPLAY_WINDOW_SECONDS * 1000) {
        return [];
      }
      return kept.events.filter((event) => Number(event.id) > after);
    },
    async markPresent(userId, streamId, expiresAt) {
      const own = presence.get(userId) ?? new Map<string, number>();
      presence.set(userId, own);
      own.set(streamId, expiresAt);
    },
    async markGone(userId, streamId) {
      const own = presence.get(userId);
      own?.delete(streamId);
      if (own?.size === 0) presence.delete(userId);
    },
    async isPresent(userId, at) {
      for (const expiresAt of presence.get(userId)?.values() ?? []) if (expiresAt > at) return true;
      return false;
    },
    async putTicket(ticket, value, ttlSeconds) {
      sweepTickets();
      tickets.set(ticket, { value, expiresAt: now() + ttlSeconds * 1000 });
    },
    async takeTicket(ticket) {
      const entry = tickets.get(ticket);
      tickets.delete(ticket);
      return entry && entry.expiresAt > now() ? entry.value : null;
    },
    async close() {
      listeners.length = 0;
      recent.clear();
      tickets.clear();
      presence.clear();
    },
  };
}
