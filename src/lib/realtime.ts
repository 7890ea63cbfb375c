import type {
  EventTicket,
  MessageEvent as StreamMessage,
  NotificationEvent,
  UnreadEvent,
} from '../../contract/events';
import { ApiError, api } from './api/client';

/**
 * The live link to `GET /api/events` (server-sent events). An EventSource cannot send the
 * bearer token, so each connection first trades it for a one-time ticket; because a ticket works
 * once, the browser's own automatic reconnect cannot be used: on any error the stream is closed
 * and reopened here with a fresh ticket and the id of the last event seen, so the server replays
 * what was missed.
 */

export interface RealtimeEvents {
  notification: NotificationEvent;
  message: StreamMessage;
  unread: UnreadEvent;
}
export type RealtimeEventName = keyof RealtimeEvents;

export interface RealtimeHandlers {
  onUnread: (counts: UnreadEvent) => void;
  onConnectedChange: (connected: boolean) => void;
}

/** Waits between reconnect attempts: 1 s, 2 s, 4 s ... at most 60 s. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 60_000;

type Listener<K extends RealtimeEventName> = (data: RealtimeEvents[K]) => void;
const listeners: { [K in RealtimeEventName]: Set<Listener<K>> } = {
  notification: new Set(),
  message: new Set(),
  unread: new Set(),
};

/** Hears one kind of live event (panels refresh their lists); returns the unsubscribe. */
export function onRealtime<K extends RealtimeEventName>(
  name: K,
  listener: Listener<K>,
): () => void {
  const set = listeners[name] as Set<Listener<K>>;
  set.add(listener);
  return () => set.delete(listener);
}

function dispatch<K extends RealtimeEventName>(name: K, data: RealtimeEvents[K]) {
  for (const listener of listeners[name] as Set<Listener<K>>) listener(data);
}

export interface RealtimeConnection {
  /** Opens the stream (again) for the signed-in user; offline it waits for the next call. */
  connect: () => void;
  /** Closes it and stops reconnecting (sign-out). */
  disconnect: () => void;
}

export function createRealtimeConnection(
  handlers: RealtimeHandlers,
  createSource: (url: string) => EventSource = (url) => new EventSource(url),
): RealtimeConnection {
  let source: EventSource | null = null;
  let lastEventId: string | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let connected = false;
  // Bumped on every (dis)connect so a ticket that arrives late for an old attempt is dropped.
  let generation = 0;

  function setConnected(value: boolean) {
    if (connected === value) return;
    connected = value;
    handlers.onConnectedChange(value);
  }

  function close() {
    source?.close();
    source = null;
    clearTimeout(retryTimer);
    setConnected(false);
  }

  function scheduleRetry() {
    // Offline, every attempt would fail: the owner calls connect() on the `online` event.
    if (!navigator.onLine) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** failures);
    failures += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(open, delay);
  }

  function listen<K extends RealtimeEventName>(eventSource: EventSource, name: K) {
    eventSource.addEventListener(name, (event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) lastEventId = message.lastEventId;
      let data: RealtimeEvents[K];
      try {
        data = JSON.parse(message.data) as RealtimeEvents[K];
      } catch {
        return;
      }
      if (name === 'unread') handlers.onUnread(data as UnreadEvent);
      dispatch(name, data);
    });
  }

  async function open() {
    const attempt = ++generation;
    source?.close();
    source = null;
    if (!navigator.onLine) return;
    let ticket: string;
    try {
      ticket = (await api.post<EventTicket>('/api/events/ticket', undefined, { retries: 0 }))
        .ticket;
    } catch (error) {
      // Signed out meanwhile: the session store takes it from here.
      if (error instanceof ApiError && error.status === 401) return;
      if (attempt === generation) scheduleRetry();
      return;
    }
    if (attempt !== generation) return;
    const url = new URL('/api/events', window.location.origin);
    url.searchParams.set('ticket', ticket);
    if (lastEventId) url.searchParams.set('lastEventId', lastEventId);
    const eventSource = createSource(url.pathname + url.search);
    source = eventSource;
    eventSource.addEventListener('open', () => {
      failures = 0;
      setConnected(true);
    });
    eventSource.addEventListener('error', () => {
      if (source !== eventSource) return;
      eventSource.close();
      source = null;
      setConnected(false);
      scheduleRetry();
    });
    for (const name of ['notification', 'message', 'unread'] as const) listen(eventSource, name);
    // The account was banned: ask for a ticket at once rather than after the back-off, so its
    // 401 signs the page out now.
    eventSource.addEventListener('ended', () => {
      if (source !== eventSource) return;
      eventSource.close();
      source = null;
      setConnected(false);
      void open();
    });
  }

  return {
    connect() {
      close();
      failures = 0;
      void open();
    },
    disconnect() {
      generation += 1;
      close();
      lastEventId = null;
    },
  };
}

/** False in browsers (and test DOMs) without EventSource: polling alone keeps the counts. */
export const realtimeSupported = () => typeof EventSource !== 'undefined';
