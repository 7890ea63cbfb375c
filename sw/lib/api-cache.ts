import { TIMESTAMP_PARAM } from './constants';

/**
 * API reads the worker keeps for offline reading: public pages and the viewer's own data.
 * Anything live (unread counts, notifications, messages, the event stream), private to staff
 * (admin) or about money (payments) always goes to the network.
 */
const CACHED_READS: RegExp[] = [
  /^\/api\/posts$/,
  /^\/api\/posts\/\d+$/,
  /^\/api\/posts\/\d+\/comments$/,
  /^\/api\/posts\/user\/(me|\d+)$/,
  /^\/api\/posts\/favorites$/,
  /^\/api\/categories$/,
  /^\/api\/auth\/me$/,
  /^\/api\/auth\/users\/\d+$/,
  /^\/api\/drafts$/,
  /^\/api\/drafts\/[^/]+$/,
  /^\/api\/membership\/plans$/,
];

/**
 * Reads whose answer is the same for every viewer: one copy serves all accounts, and the worker
 * stores them at install so the editor can pick a category offline on a first visit.
 */
export const SHARED_READS = ['/api/categories', '/api/membership/plans'];

export function isCachedApiRead(method: string, url: URL, origin: string): boolean {
  return (
    method === 'GET' &&
    url.origin === origin &&
    CACHED_READS.some((pattern) => pattern.test(url.pathname))
  );
}

/** Added to cache keys (never sent): whose copy this is. */
export const VIEWER_PARAM = '__viewer';
export const ANONYMOUS_VIEWER = 'anon';

/**
 * Who is asking, as a short hash of the bearer token: a copy of one account's data (its drafts,
 * a paid note it bought) is never shown to the next account signed in on the same browser.
 */
export async function viewerOf(authorization: string | null): Promise<string> {
  if (!authorization) return ANONYMOUS_VIEWER;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  return Array.from(new Uint8Array(digest).slice(0, 8), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * The cache key of an API read: without the timestamp parameter, sorted, with the viewer (the
 * anonymous one for shared reads).
 */
export function apiCacheKey(url: URL, viewer: string): string {
  const key = new URL(url.href);
  key.hash = '';
  key.searchParams.delete(TIMESTAMP_PARAM);
  key.searchParams.set(
    VIEWER_PARAM,
    SHARED_READS.includes(key.pathname) ? ANONYMOUS_VIEWER : viewer,
  );
  key.searchParams.sort();
  return key.href;
}

/** Header the worker adds to a stored copy: the API schema it was written under. */
export const SCHEMA_HEADER = 'x-sw-schema';
/** Header the worker adds to a stored copy: when it was stored (epoch ms). */
export const STORED_AT_HEADER = 'x-sw-stored-at';

/** A copy of `response` to store, stamped with the schema version and the time. */
export async function stampForCache(
  response: Response,
  schema: string,
  now = Date.now(),
): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(SCHEMA_HEADER, schema);
  headers.set(STORED_AT_HEADER, String(now));
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** A stored copy is usable only under the schema it was written for, and while young enough. */
export function isUsableCopy(
  response: Response,
  schema: string,
  maxAgeMs: number,
  now = Date.now(),
): boolean {
  if (response.headers.get(SCHEMA_HEADER) !== schema) return false;
  const storedAt = Number(response.headers.get(STORED_AT_HEADER));
  return Number.isFinite(storedAt) && now - storedAt <= maxAgeMs;
}

/** Only complete, successful JSON answers are worth keeping. */
export function isCacheableApiResponse(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get('content-type') ?? '').includes('application/json') &&
    !(response.headers.get('cache-control') ?? '').includes('no-store')
  );
}
