import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BatchRequestItem, BatchResult } from '../../../contract/batch.ts';
import { errorText } from '../../../contract/messages.ts';

/**
 * Headers a sub-request may not set: the caller's identity and the proxy's word about the
 * client come from the batch request itself, never from its body.
 */
const PROTECTED_HEADER =
  /^(authorization|cookie|host|content-length|transfer-encoding|connection|forwarded|x-forwarded-.*|x-real-ip|x-request-id)$/i;

type InjectMethod = NonNullable<BatchRequestItem['method']>;

/** The path and query a sub-request may call, or null: only this API, never a batch again. */
export function allowedTarget(url: string): URL | null {
  if (!url.startsWith('/api/')) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://batch.invalid');
  } catch {
    return null;
  }
  if (parsed.origin !== 'http://batch.invalid' || !parsed.pathname.startsWith('/api/')) return null;
  if (parsed.pathname === '/api/batch' || parsed.pathname.startsWith('/api/batch/')) return null;
  return parsed;
}

function queryFrom(data: unknown, target: URL) {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return;
  for (const [key, value] of Object.entries(data)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) {
      target.searchParams.set(key, String(value));
    }
  }
}

function readBody(body: string, contentType: string | undefined): unknown {
  if (!body) return null;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  return body;
}

/** Runs one sub-request through the app's own routing as the batch's caller. */
export async function runBatchItem(
  app: FastifyInstance,
  request: FastifyRequest,
  item: BatchRequestItem,
  index: number,
): Promise<BatchResult> {
  const target = allowedTarget(item.url);
  if (!target) return { id: item.id, status: 400, data: null, error: errorText.batchInvalidUrl };
  const method: InjectMethod = item.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'DELETE';
  if (!hasBody) queryFrom(item.data, target);

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(item.headers ?? {})) {
    if (!PROTECTED_HEADER.test(name)) headers[name.toLowerCase()] = value;
  }
  if (request.headers.authorization) headers.authorization = request.headers.authorization;
  headers['x-request-id'] = `${request.id}-${index}`;
  const payload = hasBody && item.data !== undefined ? JSON.stringify(item.data) : undefined;
  if (payload !== undefined) headers['content-type'] = 'application/json';

  const response = await app.inject({
    method,
    url: target.pathname + target.search,
    headers,
    payload,
    // Rate limits and logs see the real caller, not the server talking to itself.
    remoteAddress: request.ip,
  });
  const data = readBody(response.body, response.headers['content-type']?.toString());
  const ok = response.statusCode >= 200 && response.statusCode < 300;
  const error =
    !ok && typeof data === 'object' && data !== null && 'error' in data
      ? String((data as { error: unknown }).error)
      : undefined;
  return {
    id: item.id,
    status: response.statusCode,
    data,
    ...(ok ? {} : { error: error ?? errorText.requestFailed }),
  };
}
