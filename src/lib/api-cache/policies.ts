/**
 * How long each API's answers are reused: the cache lifetimes and throttles of SPEC.md section 9,
 * with the spec's own words. Three numbers, each with one meaning:
 *
 * - `ttlMs`: a call without `force` gets a stored answer younger than this, and no request.
 * - `reuseMs`: any call, forced too, that starts this soon after an identical one shares its
 *   answer ("request reuse"). 0 means only while the first is still in flight.
 * - `throttleMs`: a call without `force` that starts this soon after the last request shares its
 *   answer even once the stored copy has gone (the in-page throttle).
 *
 * `storage` says where answers survive a reload: the signed-in user's own data stays in the tab
 * (sessionStorage, SPEC.md's "session caches"), public data in localStorage.
 */
export interface ApiCachePolicy {
  ttlMs: number;
  reuseMs: number;
  throttleMs: number;
  storage: 'local' | 'session';
  /** SWR: tab-focus revalidation of a hook at most this often. */
  focusThrottleMs: number;
  /** The request paths of this API, to find its copies in the service worker's cache. */
  path?: RegExp;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/** "generic API cache default TTL 60000 ms with key prefix api_cache:". */
export const DEFAULT_API_CACHE_TTL_MS = 60_000;

function policy(changes: Partial<ApiCachePolicy>): ApiCachePolicy {
  const ttlMs = changes.ttlMs ?? DEFAULT_API_CACHE_TTL_MS;
  return {
    ttlMs,
    reuseMs: 0,
    throttleMs: 0,
    storage: 'local',
    focusThrottleMs: ttlMs,
    ...changes,
  };
}

export const apiCachePolicies = {
  default: policy({}),
  /** "user info 60000 ms": the signed-in user's stored copy (user_info_cache). */
  userInfo: policy({ ttlMs: 60 * SECOND, storage: 'session', path: /^\/api\/auth\/me$/ }),
  /**
   * "current user 10 s unless forced" and "auth/me 30 s": GET /api/auth/me. A stored answer
   * serves 10 s (across reloads too); within a page, unforced calls are 30 s apart.
   */
  currentUser: policy({
    ttlMs: 10 * SECOND,
    throttleMs: 30 * SECOND,
    focusThrottleMs: 30 * SECOND,
    storage: 'session',
    path: /^\/api\/auth\/me$/,
  }),
  /** "Session caches: per-user profile (5 min)": GET /api/auth/users/{id}. */
  profile: policy({ ttlMs: 5 * MINUTE, storage: 'session', path: /^\/api\/auth\/users\/\d+$/ }),
  /** "follow status 2 min". */
  followStatus: policy({
    ttlMs: 2 * MINUTE,
    storage: 'session',
    path: /^\/api\/auth\/users\/\d+\/follow-status$/,
  }),
  /** "favorites request reuse 1 s with 3 s cleanup"; "favorites 3 s interval, 30 s ttl". */
  favorites: policy({
    ttlMs: 30 * SECOND,
    reuseMs: 1 * SECOND,
    throttleMs: 3 * SECOND,
    storage: 'session',
    path: /^\/api\/posts\/favorites$/,
  }),
  /** "liked-posts first-request marker 30 s": the first request answers every call for 30 s. */
  likedPosts: policy({
    ttlMs: 30 * SECOND,
    reuseMs: 30 * SECOND,
    storage: 'session',
    path: /^\/api\/auth\/users\/\d+\/liked-posts$/,
  }),
  /** "unread-count cache 60 s"; "unread counts 10 s interval" (forced calls too). */
  unreadCount: policy({
    ttlMs: 60 * SECOND,
    reuseMs: 10 * SECOND,
    storage: 'session',
    path: /\/unread-count$/,
  }),
  /** "following 30 s". */
  following: policy({
    ttlMs: 30 * SECOND,
    storage: 'session',
    path: /^\/api\/auth\/users\/(\d+\/)?following$/,
  }),
  /** "posts 3 s interval, 10 s ttl". */
  posts: policy({ ttlMs: 10 * SECOND, reuseMs: 3 * SECOND, path: /^\/api\/posts$/ }),
} satisfies Record<string, ApiCachePolicy>;

export type ApiName = keyof typeof apiCachePolicies;

/** The policy of an API name; names without their own use the default (60 s). */
export function policyOf(name: string): ApiCachePolicy {
  return name in apiCachePolicies ? apiCachePolicies[name as ApiName] : apiCachePolicies.default;
}

/** How long a request marker must live for `reuseMs` and `throttleMs` to see it. */
export function markerLifetime(policy: ApiCachePolicy): number {
  return Math.max(policy.reuseMs, policy.throttleMs);
}
