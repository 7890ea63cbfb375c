import { once } from 'node:events';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBackend } from './memory-backend.ts';
import type { RealtimeBackend } from './realtime-backend.ts';
import { createStreamHub, formatStreamEvent } from './stream-hub.ts';
import type { StreamHub } from './stream-hub.ts';
import { openStream } from '../../../tests/helpers/stream-client.ts';

describe('stream hub', () => {
  let server: Server | undefined;
  let hub: StreamHub | undefined;
  afterEach(async () => {
    hub?.closeAll();
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  /** Serves every request as user 7's stream; there is no ticket check at this level. */
  async function serve(heartbeatMs: number, backend: RealtimeBackend = createMemoryBackend()) {
    hub = createStreamHub(backend, { heartbeatMs, onError: () => undefined });
    const streams = hub;
    server = createServer((request, response) => {
      const lastEventId = new URL(request.url ?? '/', 'http://x').searchParams.get('lastEventId');
      void streams.open(7, response, {
        lastEventId,
        headers: {},
        snapshot: async () => ({ name: 'unread', data: { notifications: 2, messages: 0 } }),
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { backend, origin: `http://127.0.0.1:${(server!.address() as AddressInfo).port}` };
  }

  it('formats events as server-sent event blocks', () => {
    expect(formatStreamEvent({ id: '5', name: 'unread', data: { a: 1 } })).toBe(
      'id: 5\nevent: unread\ndata: {"a":1}\n\n',
    );
    expect(formatStreamEvent({ id: null, name: 'unread', data: 'x\ny' })).toBe(
      'event: unread\ndata: "x\\ny"\n\n',
    );
  });

  it('sends the stream headers, a heartbeat comment on schedule, and the snapshot', async () => {
    const { origin } = await serve(40);
    const response = await fetch(`${origin}/`);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    await response.body?.cancel();

    const stream = await openStream(origin, 'any');
    expect((await stream.next()).data).toEqual({ notifications: 2, messages: 0 });
    expect(await stream.nextComment()).toBe('connected');
    expect(await stream.nextComment()).toBe('ping');
    stream.close();
  });

  it('does not send an event twice when it arrives live while the replay is being read', async () => {
    const memory = createMemoryBackend();
    // An event published between registering the stream and reading the replay buffer
    // reaches the stream live and is in the buffer as well.
    const racing: RealtimeBackend = {
      ...memory,
      async replay(userId, afterId) {
        await memory.publish(7, 'notification', { n: 3 }, { replayable: true });
        return memory.replay(userId, afterId);
      },
    };
    const { origin } = await serve(60_000, racing);
    await memory.publish(7, 'notification', { n: 1 }, { replayable: true });
    const [first] = await memory.replay(7, '0');
    await memory.publish(7, 'notification', { n: 2 }, { replayable: true });

    const stream = await openStream(origin, 'any', { lastEventId: first.id! });
    const received = [];
    for (let index = 0; index < 3; index += 1) received.push(await stream.next());
    expect(received.map((event) => event.data)).toEqual([
      { n: 3 },
      { n: 2 },
      { notifications: 2, messages: 0 },
    ]);
    await expect(stream.next(undefined, 200)).rejects.toThrow(/timed out/);
    expect(hub!.connectedCount()).toBe(1);
    stream.close();
  });

  it('does not open the stream of a client that hung up before it was opened', async () => {
    const backend = createMemoryBackend();
    const present = vi.spyOn(backend, 'markPresent');
    hub = createStreamHub(backend, { heartbeatMs: 20, onError: () => undefined });
    const streams = hub;
    let opened!: () => void;
    const done = new Promise<void>((resolve) => (opened = resolve));
    // As the route does after awaiting the ticket and the session: here, until the client left.
    server = createServer((_request, response) => {
      void once(response, 'close').then(async () => {
        await streams.open(7, response, {
          lastEventId: null,
          headers: {},
          snapshot: async () => ({ name: 'unread', data: { notifications: 0, messages: 0 } }),
        });
        opened();
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write('GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    socket.resetAndDestroy();
    await done;
    // Not registered, so no heartbeat will mark its reader present either.
    expect(hub.connectedCount()).toBe(0);
    expect(present).not.toHaveBeenCalled();
  });
});
