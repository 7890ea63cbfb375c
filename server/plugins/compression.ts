import { constants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** What answers are compressed with, the first the client accepts in this order. */
const ENCODINGS = ['br', 'gzip'] as const;
export type ResponseEncoding = (typeof ENCODINGS)[number];

/**
 * Brotli at quality 4 costs about what gzip does and saves more; the pages' render thread
 * compresses with the same options (page-render-worker.js).
 */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * The encoding @fastify/compress would choose for `request` (its `getEncodingHeader`: `*` and
 * `x-gzip` read as gzip), null for none: for an answer compressed before it is handed to Fastify
 * (a server-rendered page, compressed on its render thread), which the plugin then passes as it is.
 */
export function responseEncoding(request: FastifyRequest): ResponseEncoding | null {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return null;
  const accepted = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]);
  return accepted === 'br' || accepted === 'gzip' ? accepted : null;
}

/**
 * Compresses API answers and the app shell on the fly (the built assets are compressed once at
 * build time and served as they are); the event stream is hijacked and never passes through here.
 */
async function compression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
  });
}

export default fp(compression, { name: 'compression' });
