import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy on loopback in front of a listening app that can lose answers the way a phone
 * network does: with `dropAnswers` on, the request reaches the server whole, and the client's
 * connection is cut as soon as the answer starts coming back, so the client never reads it.
 */
export interface AnswerDroppingProxy {
  port: number;
  dropAnswers: boolean;
  close(): Promise<void>;
}

export async function startAnswerDroppingProxy(upstreamPort: number): Promise<AnswerDroppingProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    const dropping = proxy.dropAnswers;
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (dropping) {
        client.destroy();
        upstream.destroy();
      } else {
        client.write(chunk);
      }
    });
    upstream.on('end', () => client.end());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: AnswerDroppingProxy = {
    port: (server.address() as AddressInfo).port,
    dropAnswers: false,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}

export interface PlainResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a connection of its own (no pooling), as a browser retry after a cut would. */
export function sendThrough(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<PlainResponse> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        agent: false,
        headers: {
          ...options.headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
