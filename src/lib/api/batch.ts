import type { BatchMethod, BatchResponse, BatchResult } from '../../../contract/batch';
import { BATCH_MAX_REQUESTS } from '../../../contract/batch';
import { errorText } from '../../../contract/page-messages';
import { storageKeys } from '../storage-keys';
import { ApiError, api, newRequestId } from './client';

/**
 * The batch helper of SPEC.md sections 7 and 9: calls queue up and go to the server together as
 * one `POST /api/batch`, 100 ms after the first one or as soon as 10 are waiting. GET answers
 * are kept for a while (60 s; 30 s for notifications, messages and unread counts; 5 min for user
 * data), and an identical GET already on its way is waited for rather than sent twice.
 */

/** "Batch: delay 100 ms, max 10 per batch." */
export const BATCH_DELAY_MS = 100;
/** "default GET cache 60 s; paths containing /notifications, /messages or /unread-count 30 s;
 * paths containing /user/ 5 min; unread-count entry grows 5 s per hit up to 60 s." */
export const BATCH_CACHE_DEFAULT_MS = 60_000;
export const BATCH_CACHE_INBOX_MS = 30_000;
export const BATCH_CACHE_USER_MS = 5 * 60_000;
export const UNREAD_COUNT_GROWTH_MS = 5_000;
export const UNREAD_COUNT_MAX_MS = 60_000;
/** "identical GET URLs in flight wait and retry after 50 ms." */
export const IN_FLIGHT_RETRY_MS = 50;

export interface BatchGetOptions {
  /** Skips the cache (a forced refresh); the answer still refreshes it. */
  force?: boolean;
  headers?: Record<string, string>;
}

interface Queued {
  id: string;
  url: string;
  method: BatchMethod;
  data?: unknown;
  headers?: Record<string, string>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

interface CacheEntry {
  data: unknown;
  storedAt: number;
  ttl: number;
}

let queue: Queued[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 0;
const cache = new Map<string, CacheEntry>();
const inFlight = new Set<string>();

export function cacheLifetime(url: string): number {
  const path = url.split('?')[0];
  if (path.includes('/user/')) return BATCH_CACHE_USER_MS;
  if (
    path.includes('/notifications') ||
    path.includes('/messages') ||
    path.includes('/unread-count')
  ) {
    return BATCH_CACHE_INBOX_MS;
  }
  return BATCH_CACHE_DEFAULT_MS;
}

/** Answers belong to whoever asked: another account in this tab never reads them. */
function cacheKey(url: string): string {
  return `${localStorage.getItem(storageKeys.token) ?? ''} ${url}`;
}

function readCache(url: string): { hit: true; data: unknown } | { hit: false } {
  const key = cacheKey(url);
  const entry = cache.get(key);
  if (!entry) return { hit: false };
  if (Date.now() - entry.storedAt >= entry.ttl) {
    cache.delete(key);
    return { hit: false };
  }
  // Counts that are asked for often are kept a little longer each time.
  if (url.split('?')[0].includes('/unread-count')) {
    entry.ttl = Math.min(UNREAD_COUNT_MAX_MS, entry.ttl + UNREAD_COUNT_GROWTH_MS);
  }
  return { hit: true, data: entry.data };
}

/** A write changes what the reads of the same resource answer: `/api/notifications/...` drops
 * every cached `/api/notifications...` entry. */
function invalidate(url: string) {
  const resource = cacheKey(url.split('?')[0].split('/').slice(0, 3).join('/'));
  for (const key of cache.keys()) if (key.startsWith(resource)) cache.delete(key);
}

function settle(item: Queued, result: BatchResult | undefined) {
  if (!result || typeof result.status !== 'number') {
    item.reject(new ApiError(0, errorText.batchBadFormat));
    return;
  }
  if (result.status >= 200 && result.status < 300) {
    item.resolve(result.data);
    return;
  }
  item.reject(new ApiError(result.status, result.error || errorText.requestFailed, result.data));
}

async function flush() {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  const sending = queue;
  queue = [];
  if (sending.length === 0) return;
  let response: BatchResponse;
  try {
    // Sent again after a lost answer only because each write inside carries its own key (the
    // server keys the writes, not the batch).
    response = await api.post<BatchResponse>('/api/batch', {
      requests: sending.map(({ id, url, method, data, headers }) => ({
        id,
        url,
        method,
        ...(data === undefined ? {} : { data }),
        ...(headers ? { headers } : {}),
      })),
    });
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    for (const item of sending) item.reject(new ApiError(status, errorText.batchFailed));
    return;
  }
  const results = (response as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) {
    for (const item of sending) item.reject(new ApiError(0, errorText.batchBadFormat));
    return;
  }
  const byId = new Map((results as BatchResult[]).map((result) => [String(result?.id), result]));
  for (const item of sending) settle(item, byId.get(item.id));
}

function enqueue<T>(
  method: BatchMethod,
  url: string,
  data?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    nextId += 1;
    queue.push({
      id: `b${nextId}`,
      url,
      method,
      data,
      headers,
      resolve: resolve as (value: unknown) => void,
      reject,
    });
    if (queue.length >= BATCH_MAX_REQUESTS) void flush();
    else flushTimer ??= setTimeout(() => void flush(), BATCH_DELAY_MS);
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function get<T>(url: string, options: BatchGetOptions = {}): Promise<T> {
  for (;;) {
    if (!options.force) {
      const cached = readCache(url);
      if (cached.hit) return cached.data as T;
    }
    if (!inFlight.has(cacheKey(url))) break;
    await wait(IN_FLIGHT_RETRY_MS);
  }
  const key = cacheKey(url);
  inFlight.add(key);
  try {
    const data = await enqueue<T>('GET', url, undefined, options.headers);
    cache.set(key, { data, storedAt: Date.now(), ttl: cacheLifetime(url) });
    return data;
  } finally {
    inFlight.delete(key);
  }
}

async function write<T>(method: Exclude<BatchMethod, 'GET'>, url: string, data?: unknown) {
  const answer = await enqueue<T>(method, url, data, { 'idempotency-key': newRequestId() });
  invalidate(url);
  return answer;
}

export const batch = {
  get,
  post: <T>(url: string, data?: unknown) => write<T>('POST', url, data),
  put: <T>(url: string, data?: unknown) => write<T>('PUT', url, data),
  delete: <T>(url: string) => write<T>('DELETE', url),
  /** Sends what is queued now instead of waiting for the delay. */
  flush,
};

/** Forgets every cached answer (sign-out, or a test starting afresh). */
export function clearBatchCache(): void {
  cache.clear();
}
