import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { StreamEventName } from '../../../contract/events.ts';
import type { RealtimeBackend, StreamEvent } from './realtime-backend.ts';

/** A stream whose client reads slower than this much buffered output is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Open streams per user (tabs, devices); the oldest goes when one more opens. */
const MAX_STREAMS_PER_USER = 8;
/** Ids already sent on a stream, so an event both replayed and delivered live goes out once. */
const SENT_IDS_KEPT = 100;
/** What the browser waits before reconnecting by itself. */
const RETRY_MS = 3000;

/** A stream counts as a page open this many heartbeats after its last renewal. */
const PRESENCE_HEARTBEATS = 2.5;

interface Stream {
  /** Names the stream in the shared presence record. */
  id: string;
  userId: number;
  response: ServerResponse;
  sentIds: Set<string>;
}

export function formatStreamEvent(event: StreamEvent): string {
  const id = event.id === null ? '' : `id: ${event.id}\n`;
  return `${id}event: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * This instance's open event streams, fed by the backend: every event published anywhere
 * reaches the streams of its user here.
 */
export function createStreamHub(
  backend: RealtimeBackend,
  options: { heartbeatMs: number; onError: (error: unknown) => void },
) {
  const streams = new Map<number, Set<Stream>>();
  const presenceMs = Math.round(options.heartbeatMs * PRESENCE_HEARTBEATS);

  // Presence is advisory (it only holds back Web Push while a page is open): a failure to
  // record it is logged, never allowed to break the stream.
  function markPresent(stream: Stream) {
    backend.markPresent(stream.userId, stream.id, Date.now() + presenceMs).catch(options.onError);
  }

  function write(stream: Stream, text: string) {
    const response = stream.response;
    if (response.writableEnded || response.destroyed) return;
    if (response.writableLength > MAX_BUFFERED_BYTES) {
      response.destroy();
      return;
    }
    response.write(text);
  }

  function send(stream: Stream, event: StreamEvent) {
    if (event.id !== null) {
      if (stream.sentIds.has(event.id)) return;
      stream.sentIds.add(event.id);
      if (stream.sentIds.size > SENT_IDS_KEPT) {
        const oldest = stream.sentIds.values().next().value;
        if (oldest !== undefined) stream.sentIds.delete(oldest);
      }
    }
    write(stream, formatStreamEvent(event));
  }

  function remove(stream: Stream) {
    const own = streams.get(stream.userId);
    if (!own?.delete(stream)) return;
    if (own.size === 0) streams.delete(stream.userId);
    backend.markGone(stream.userId, stream.id).catch(options.onError);
  }

  backend.subscribe((userId, event) => {
    const own = streams.get(userId);
    if (!own) return;
    for (const stream of own) send(stream, event);
    // A banned account's streams close on whichever instance holds them.
    if (event.name === 'ended') {
      for (const stream of own) {
        remove(stream);
        stream.response.end();
      }
    }
  });

  const heartbeat = setInterval(() => {
    for (const own of streams.values()) {
      for (const stream of own) {
        write(stream, ': ping\n\n');
        markPresent(stream);
      }
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    /**
     * Starts a stream on a response whose headers are not yet sent: registers it first so
     * nothing published meanwhile is lost, then replays what the client missed, then sends
     * the current state.
     */
    async open(
      userId: number,
      response: ServerResponse,
      options: {
        lastEventId: string | null;
        headers: Record<string, number | string | string[] | undefined>;
        snapshot: () => Promise<{ name: StreamEventName; data: unknown }>;
      },
    ): Promise<void> {
      // The route awaits the ticket and the session first. A client that hung up meanwhile has
      // had its 'close' already: registered, its stream would never be removed, and the
      // heartbeat would mark its reader present for good, holding back their Web Push.
      if (response.destroyed) return;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and similar proxies would otherwise hold events back in a buffer.
        'x-accel-buffering': 'no',
        ...options.headers,
      });
      const stream: Stream = { id: randomUUID(), userId, response, sentIds: new Set() };
      const own = streams.get(userId) ?? new Set<Stream>();
      streams.set(userId, own);
      own.add(stream);
      if (own.size > MAX_STREAMS_PER_USER) {
        const oldest = own.values().next().value;
        if (oldest) {
          remove(oldest);
          oldest.response.end();
        }
      }
      response.on('close', () => remove(stream));
      markPresent(stream);
      write(stream, `retry: ${RETRY_MS}\n: connected\n\n`);
      if (options.lastEventId) {
        for (const event of await backend.replay(userId, options.lastEventId)) send(stream, event);
      }
      const current = await options.snapshot();
      send(stream, { id: null, ...current });
    },

    connectedCount(): number {
      let count = 0;
      for (const own of streams.values()) count += own.size;
      return count;
    },

    /** Ends every stream (shutdown): clients reconnect, to another instance if there is one. */
    closeAll() {
      clearInterval(heartbeat);
      for (const own of [...streams.values()]) {
        for (const stream of [...own]) {
          remove(stream);
          stream.response.end();
        }
      }
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
