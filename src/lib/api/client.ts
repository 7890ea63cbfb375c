import { errorText } from '../../../contract/page-messages';
import { emitAppEvent } from '../auth-events';
import {
  LOGIN_TIMEOUT_MS,
  NOTICE_COOLDOWN_MS,
  REQUEST_TIMEOUT_MS,
  RETRY_COUNT,
  RETRY_DELAY_STEP_MS,
  RETRY_TIMEOUT_BASE_MS,
  RETRY_TIMEOUT_STEP_MS,
} from '../constants';
import { storageKeys } from '../storage-keys';

/**
 * The one fetch wrapper of the browser (SPEC.md sections 7 and 8). Pages and feature hooks call
 * `api.get/post/put/delete/upload`; nothing else in src/ calls fetch.
 */

export type QueryValue = string | number | boolean | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Time allowed for the first attempt: 30 s, or 15 s for password login. */
  timeoutMs?: number;
  /** Retries after a network failure or timeout: 3, or 0 for password login. */
  retries?: number;
  /**
   * A write's `Idempotency-Key`, the same on every attempt, so the server answers a retry with
   * its first answer instead of doing the write twice. Left out, each write call makes its own;
   * `false` sends none, and then a write that may have reached the server is never retried.
   */
  idempotencyKey?: string | false;
  signal?: AbortSignal;
  /** Shown when the server's answer carries no `error` text. */
  errorMessage?: string;
  /**
   * false: a 401 only rejects. The session check at startup uses it, because SPEC.md wants a
   * failed verification to sign out quietly rather than send the visitor to /login.
   */
  redirectOnUnauthorized?: boolean;
}

export interface UploadOptions {
  /** For an upload that its caller may send again (the outbox): see RequestOptions. */
  idempotencyKey?: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  errorMessage?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, message: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

/** A request its caller cancelled: nothing to show (SPEC.md section 8). */
export function isCancelled(error: unknown): boolean {
  // jsdom's DOMException is not an Error subclass, so look at the name alone.
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

const LOGIN_PATH = /^\/api\/auth\/login(\/|$)/;
const REGISTER_PATH = /^\/api\/auth\/register(\/|$)/;

/**
 * SPEC.md section 6: login, register, upload paths and any path containing "public" go without
 * a token. "Upload paths" are the served files under /api/uploads/: sending an image upload
 * (POST /api/posts/upload) is a member's action and keeps its token.
 */
function isPublicPath(path: string): boolean {
  return (
    LOGIN_PATH.test(path) ||
    REGISTER_PATH.test(path) ||
    path.startsWith('/api/uploads/') ||
    path.includes('public')
  );
}

/** SPEC.md section 4: a 401 on these calls never signs the visitor out. */
const KEEPS_SESSION_ON_401 = ['post', 'comment', 'like', 'payment', 'login'];

function pathOnly(path: string): string {
  return path.split('?')[0];
}

/** Also a write's idempotency key: random, and valid for the server's `[A-Za-z0-9_-]{1,64}`. */
export function newRequestId(): string {
  // randomUUID exists only in secure contexts; a plain-http LAN address is not one.
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function baseHeaders(path: string): Record<string, string> {
  const headers: Record<string, string> = { 'x-request-id': newRequestId() };
  const token = localStorage.getItem(storageKeys.token);
  if (token && !isPublicPath(pathOnly(path))) headers.authorization = `Bearer ${token}`;
  return headers;
}

function buildUrl(method: string, path: string, query: RequestOptions['query']): string {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  // A timestamp defeats every cache between here and the server (SPEC.md section 7).
  if (method === 'GET') url.searchParams.set('_t', String(Date.now()));
  return url.pathname + url.search;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorMessageOf(data: unknown, fallback: string): string {
  if (data && typeof data === 'object' && 'error' in data) {
    const { error } = data as { error: unknown };
    if (typeof error === 'string' && error) return error;
  }
  return fallback;
}

let lastUnauthorizedAt = Number.NEGATIVE_INFINITY;
let redirectToLogin = () => window.location.assign('/login');

/** The app points this at its router so a 401 does not reload the page. */
export function setUnauthorizedRedirect(redirect: () => void): void {
  redirectToLogin = redirect;
}

function handleUnauthorized(path: string, sentToken: boolean): void {
  const bare = pathOnly(path);
  if (bare.includes('/admin')) emitAppEvent('auth-expired');
  // Without a token there was no session to expire: the caller just gets its 401.
  if (!sentToken || KEEPS_SESSION_ON_401.some((word) => bare.includes(word))) return;
  const now = Date.now();
  if (now - lastUnauthorizedAt < NOTICE_COOLDOWN_MS) return;
  lastUnauthorizedAt = now;
  localStorage.removeItem(storageKeys.token);
  localStorage.removeItem(storageKeys.user);
  emitAppEvent('auth-change', { reason: 'expired' });
  redirectToLogin();
}

function abortError(): DOMException {
  return new DOMException('The request was cancelled', 'AbortError');
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

type AttemptResult = { kind: 'response'; response: Response } | { kind: 'timeout' | 'network' };

/** One fetch with its own timeout; a cancel by the caller rejects with an AbortError. */
async function attempt(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal) {
  if (signal?.aborted) throw abortError();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    return { kind: 'response', response } satisfies AttemptResult;
  } catch {
    if (signal?.aborted) throw abortError();
    return { kind: timedOut ? 'timeout' : 'network' } satisfies AttemptResult;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const isLogin = LOGIN_PATH.test(pathOnly(path));
  // A sign-in that hangs should say so after 15 s (SPEC.md's login timeout text), not after
  // a minute and a half of silent retries.
  const retries = options.retries ?? (isLogin ? 0 : RETRY_COUNT);
  const firstTimeoutMs = options.timeoutMs ?? (isLogin ? LOGIN_TIMEOUT_MS : REQUEST_TIMEOUT_MS);

  const headers = { ...baseHeaders(path), ...options.headers };
  const { idempotencyKey = newRequestId() } = options;
  if (method !== 'GET' && idempotencyKey !== false) headers['idempotency-key'] = idempotencyKey;
  // A read, or a write the server recognises when it comes again, may be sent again after a
  // timeout or a lost connection; any other write may already have happened, so it fails.
  const mayResend = method === 'GET' || 'idempotency-key' in headers;
  if (method === 'GET') {
    headers['cache-control'] = 'no-cache';
    headers.pragma = 'no-cache';
  }
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let failure: 'timeout' | 'network' = 'network';
  for (let attemptNo = 0; attemptNo <= retries; attemptNo++) {
    if (attemptNo > 0) await wait(RETRY_DELAY_STEP_MS * attemptNo, options.signal);
    const timeoutMs =
      attemptNo === 0 ? firstTimeoutMs : RETRY_TIMEOUT_BASE_MS + RETRY_TIMEOUT_STEP_MS * attemptNo;
    const url = buildUrl(method, path, options.query);
    const result = await attempt(
      url,
      { method, headers, body: payload },
      timeoutMs,
      options.signal,
    );
    if (result.kind !== 'response') {
      failure = result.kind;
      if (!mayResend) break;
      // The browser knows it is offline: a retry seconds later would fail the same way, and the
      // page can say "offline" now instead of after the retries (the outbox resends writes).
      if (result.kind === 'network' && !navigator.onLine) break;
      continue;
    }
    const { response } = result;
    const data = parseBody(await response.text());
    if (response.ok) return data as T;
    if (response.status === 401 && options.redirectOnUnauthorized !== false) {
      handleUnauthorized(path, 'authorization' in headers);
    }
    throw new ApiError(
      response.status,
      errorMessageOf(data, options.errorMessage ?? errorText.requestFailed),
      data,
    );
  }
  if (failure === 'timeout') {
    throw new ApiError(408, isLogin ? errorText.loginTimeout : errorText.timeout);
  }
  throw new ApiError(0, errorText.networkLost);
}

/** XMLHttpRequest rather than fetch: only it reports upload progress. */
function upload<T>(path: string, formData: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options;
  const fallback = options.errorMessage ?? errorText.uploadFailed;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const headers = baseHeaders(path);
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.round((event.loaded / event.total) * 100));
      }
    });
    xhr.addEventListener('load', () => {
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(data as T);
        return;
      }
      if (xhr.status === 401) handleUnauthorized(path, 'authorization' in headers);
      reject(new ApiError(xhr.status, errorMessageOf(data, xhr.statusText || fallback), data));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, fallback)));
    xhr.addEventListener('abort', () => reject(abortError()));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formData);
  });
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body, options),
  /** `body`: for a resource named by something too private for the URL (a push endpoint). */
  delete: <T>(path: string, options?: RequestOptions, body?: unknown) =>
    request<T>('DELETE', path, body, options),
  upload,
};
