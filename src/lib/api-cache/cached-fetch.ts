import { mutate } from 'swr';
import { apiCacheKey, apiNameOf } from './cache-key';
import type { CacheParams } from './cache-key';
import { readEntry, writeEntry } from './entry-store';
import { markerLifetime, policyOf } from './policies';
import type { ApiCachePolicy } from './policies';

/**
 * A fallback answer a fetcher gives instead of failing (the placeholder user of a rate-limited
 * fetch): the caller gets it, the cache never stores it and no later call reuses it.
 */
export class Uncached<T> {
  readonly value: T;
  constructor(value: T) {
    this.value = value;
  }
}

export const uncached = <T>(value: T) => new Uncached(value);

export type CacheFetcher<T> = () => Promise<T | Uncached<T>>;

export interface CachedFetchOptions {
  /** Skips the stored answer and the throttle (not a request still in flight or reused). */
  force?: boolean;
  /**
   * Also hands the answer to SWR's cache, so hooks showing this key update. Off when SWR itself
   * is the caller: it stores what its fetcher returns.
   */
  publish?: boolean;
}

interface RequestMarker {
  startedAt: number;
  promise: Promise<unknown>;
  settled: boolean;
}

/** Requests per key: in flight, or finished recently enough to be reused. */
const markers = new Map<string, RequestMarker>();

function dropMarker(key: string, marker: RequestMarker) {
  if (markers.get(key) === marker) markers.delete(key);
}

function reusable(marker: RequestMarker, policy: ApiCachePolicy, force: boolean, now: number) {
  const age = now - marker.startedAt;
  return !marker.settled || age < policy.reuseMs || (!force && age < policy.throttleMs);
}

function request<T>(
  key: string,
  policy: ApiCachePolicy,
  fetcher: CacheFetcher<T>,
  publish: boolean,
): Promise<T> {
  const marker: RequestMarker = {
    startedAt: Date.now(),
    promise: Promise.resolve(),
    settled: false,
  };
  const promise = fetcher().then(
    (answer) => {
      marker.settled = true;
      if (answer instanceof Uncached) {
        dropMarker(key, marker);
        return answer.value;
      }
      writeEntry(key, answer, policy);
      if (publish) void mutate(key, answer, { revalidate: false });
      const keepFor = markerLifetime(policy) - (Date.now() - marker.startedAt);
      if (keepFor > 0) setTimeout(() => dropMarker(key, marker), keepFor);
      else dropMarker(key, marker);
      return answer;
    },
    (error: unknown) => {
      // SPEC.md section 4: on failure the error is logged and rethrown, nothing cached.
      dropMarker(key, marker);
      console.error(`[api cache] ${key} failed`, error);
      throw error;
    },
  );
  marker.promise = promise;
  markers.set(key, marker);
  return promise;
}

/**
 * The cache life cycle of SPEC.md section 4, for one cache key: an identical request in flight
 * (or within the policy's reuse window) is shared; else a fresh stored answer is returned; else
 * the API is called and its answer stored with the current time.
 */
export function fetchThroughCache<T>(
  key: string,
  fetcher: CacheFetcher<T>,
  options: CachedFetchOptions = {},
): Promise<T> {
  const { force = false, publish = true } = options;
  const policy = policyOf(apiNameOf(key) ?? 'default');
  const now = Date.now();
  const marker = markers.get(key);
  if (marker && reusable(marker, policy, force, now)) return marker.promise as Promise<T>;
  if (!force) {
    const entry = readEntry(key, policy, now);
    if (entry) return Promise.resolve(entry.data as T);
  }
  return request(key, policy, fetcher, publish);
}

/** `fetchThroughCache` by API name and parameters: `cachedFetch('profile', {id}, load)`. */
export function cachedFetch<T>(
  name: string,
  params: CacheParams,
  fetcher: CacheFetcher<T>,
  options?: CachedFetchOptions,
): Promise<T> {
  return fetchThroughCache(apiCacheKey(name, params), fetcher, options);
}

/** Stores an answer learnt some other way (a follow click knows the new follow status). */
export function rememberAnswer(name: string, params: CacheParams, data: unknown): void {
  const key = apiCacheKey(name, params);
  writeEntry(key, data, policyOf(name));
  void mutate(key, data, { revalidate: false });
}

/** Forgets reuse markers (the console helpers' clear; tests starting afresh). */
export function forgetRequests(matches: (key: string) => boolean = () => true): void {
  for (const key of [...markers.keys()]) if (matches(key)) markers.delete(key);
}
