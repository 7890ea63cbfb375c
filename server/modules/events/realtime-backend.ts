import type { StreamEventName } from '../../../contract/events.ts';

/** One event on its way to a user's streams. `id` is set for events a reconnect may replay. */
export interface StreamEvent {
  id: string | null;
  name: StreamEventName;
  data: unknown;
}

export type StreamListener = (userId: number, event: StreamEvent) => void;

/**
 * The state real-time delivery shares between server instances: the fan-out of events, the
 * recent events kept for resuming, and the one-time stream tickets. In process by default;
 * Redis when REDIS_URL is set, so every instance sees every event and every ticket.
 */
export interface RealtimeBackend {
  /** Delivers the event to the user's streams on every instance; a replayable one gets an id. */
  publish(
    userId: number,
    name: StreamEventName,
    data: unknown,
    options: { replayable: boolean },
  ): Promise<void>;
  subscribe(listener: StreamListener): void;
  /** Kept events of the user newer than `afterId`, oldest first. */
  replay(userId: number, afterId: string): Promise<StreamEvent[]>;
  /**
   * Records that one stream of the user is open until `expiresAt` (epoch ms); the hub renews
   * it with every heartbeat, so an instance that dies leaves nothing behind for long.
   */
  markPresent(userId: number, streamId: string, expiresAt: number): Promise<void>;
  markGone(userId: number, streamId: string): Promise<void>;
  /** Whether a stream of the user is open on any instance at `now`. */
  isPresent(userId: number, now: number): Promise<boolean>;
  putTicket(ticket: string, value: string, ttlSeconds: number): Promise<void>;
  /** The ticket's value, once: a second take (or an expired ticket) gives null. */
  takeTicket(ticket: string): Promise<string | null>;
  close(): Promise<void>;
}

/** How many recent events per user a reconnect can replay, and for how long. */
export const REPLAY_EVENTS_PER_USER = 50;
export const REPLAY_WINDOW_SECONDS = 600;

/** Event ids are decimal integers, increasing; anything else replays nothing. */
export function parseEventId(id: string | undefined | null): number | null {
  if (!id || !/^[0-9]{1,16}$/.test(id)) return null;
  return Number(id);
}
