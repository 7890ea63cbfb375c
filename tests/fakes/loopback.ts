import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface LoopbackServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

export type Handler = (request: IncomingMessage, url: URL, response: ServerResponse) => void;

/** An HTTP server on a free loopback port; fakes of outside services are built on it. */
export async function startLoopbackServer(handler: Handler): Promise<LoopbackServer> {
  const server = createServer((request, response) => {
    handler(request, new URL(request.url ?? '/', 'http://127.0.0.1'), response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  // Like the real providers, some answer JSON as text/plain; clients must not rely on the type.
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export function redirect(response: ServerResponse, location: string) {
  response.writeHead(302, { location });
  response.end();
}

/** Resolves with the first item a predicate accepts, now or when it is pushed later. */
export function createWaitList<T>() {
  const items: T[] = [];
  const waiters: { accept: (item: T) => boolean; resolve: (item: T) => void }[] = [];
  return {
    items,
    push(item: T) {
      items.push(item);
      for (const waiter of [...waiters]) {
        if (waiter.accept(item)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(item);
        }
      }
    },
    next(accept: (item: T) => boolean = () => true, after = items.length): Promise<T> {
      const found = items.slice(after).find(accept);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ accept, resolve }));
    },
  };
}
