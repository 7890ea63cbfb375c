import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorText } from '../../contract/messages.ts';

/** Node's parse errors that have a status of their own; any other is a 400. */
const STATUS_OF: Record<string, number> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  // Headers and request line over Node's 16 KB: a search of some 2,000 Chinese characters in
  // the query string is one.
  HPE_HEADER_OVERFLOW: 431,
};

/**
 * Fastify's `clientErrorHandler`: a request Node cannot parse never reaches a route or a hook,
 * and Fastify's own answer is English. This one gives the same statuses with the site's words,
 * then closes the connection as Fastify does.
 */
export function answerUnparsableRequest(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = STATUS_OF[error.code ?? ''] ?? 400;
  const body = JSON.stringify({ error: errorText.badRequest });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
