import { mutate } from 'swr';
import { errorText } from '../../contract/page-messages';
import type { User } from '../../contract/user';
import { DEFAULT_AVATAR } from '../../contract/user-rules';
import { ApiError, api } from './api/client';
import { apiCacheKey } from './api-cache/cache-key';
import { cachedFetch, uncached } from './api-cache/cached-fetch';
import { cachedData } from './api-cache/swr-cache';
import {
  USER_FETCH_TIMEOUT_MS,
  USER_REFRESH_DEBOUNCE_MS,
  USER_REFRESH_MIN_GAP_MS,
} from './constants';
import { resilienceTexts } from './resilience-texts';

/** SPEC.md section 8: "429 on user fetch: reads retryAfter (default 5 s)". */
export const USER_RETRY_AFTER_DEFAULT_MS = 5_000;

/** SPEC.md section 3: "a user showing loading state exists for rate-limited fetches". */
export interface PlaceholderUser extends User {
  isLoading: true;
  error: string;
}

export function placeholderUser(id: string): PlaceholderUser {
  return {
    _id: id,
    id,
    username: resilienceTexts.loadingUser,
    avatar: DEFAULT_AVATAR,
    bio: '',
    isPremium: false,
    premiumEndDate: null,
    isAdmin: false,
    atmosphereValue: 0,
    createdAt: '',
    isLoading: true,
    error: errorText.tooManyRequests,
  };
}

export function isPlaceholderUser(user: unknown): user is PlaceholderUser {
  return (
    typeof user === 'object' &&
    user !== null &&
    (user as { isLoading?: unknown }).isLoading === true
  );
}

/** How long a 429 asks to wait: its `retryAfter` in seconds, else 5 s; null for other errors. */
export function retryAfterMs(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const seconds = (error.data as { retryAfter?: unknown } | undefined)?.retryAfter;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? seconds * 1_000
    : USER_RETRY_AFTER_DEFAULT_MS;
}

/** The cache key of a user's profile (SPEC.md section 3: per-user profile, 5 min). */
export const profileCacheKey = (id: string) => apiCacheKey('profile', { id });

const retries = new Map<string, ReturnType<typeof setTimeout>>();

function retryLater(key: string, waitMs: number) {
  if (retries.has(key)) return;
  retries.set(
    key,
    setTimeout(() => {
      retries.delete(key);
      // Revalidates every hook showing this user; with none mounted nobody needs the answer.
      void mutate(key);
    }, waitMs),
  );
}

/**
 * The SWR fetcher of a user's profile, for the key `profileCacheKey(id)`. A 429 is not an error
 * page: the user already shown stays while the fetch retries after `retryAfter`; with none, a
 * placeholder user in the loading state carries the too-frequent-requests message. Either is
 * handed over `uncached`: the app's API cache middleware (which every hook runs under) passes
 * it to SWR as the plain user and never stores it.
 */
export function userProfileFetcher(
  id: string,
  load: (id: string) => Promise<User>,
): () => Promise<User> {
  return async () => {
    try {
      return await load(id);
    } catch (error) {
      const waitMs = retryAfterMs(error);
      if (waitMs === null) throw error;
      const key = profileCacheKey(id);
      retryLater(key, waitMs);
      const shown = cachedData(key);
      const user =
        shown && typeof shown === 'object' && !isPlaceholderUser(shown)
          ? (shown as User)
          : placeholderUser(id);
      // Typed as the user SWR will see once the middleware has unwrapped it.
      return uncached(user) as unknown as User;
    }
  };
}

/** A short tag of a token, so each session has its own current-user entry (never the token). */
function sessionTag(token: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index++) {
    hash = Math.imul(hash ^ token.charCodeAt(index), 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * GET /api/auth/me for the session `token` through the API cache: "current user 10 s unless
 * forced" (SPEC.md section 9). A 401 rejects without the fetch wrapper's redirect: the session
 * store decides what an expired session means at startup.
 */
export function fetchCurrentUser(token: string, options: { force?: boolean } = {}) {
  return cachedFetch(
    'currentUser',
    { session: sessionTag(token) },
    () =>
      api.get<User>('/api/auth/me', {
        timeoutMs: USER_FETCH_TIMEOUT_MS,
        redirectOnUnauthorized: false,
        errorMessage: errorText.userInfoFailed,
      }),
    options,
  );
}

/**
 * "User refresh debounced 300 ms, at least 3 s apart": a burst of refresh requests (events from
 * several places after one payment) becomes one, and refreshes never come closer than 3 s.
 */
export function userRefreshScheduler(refresh: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastRunAt = Number.NEGATIVE_INFINITY;
  return {
    request() {
      clearTimeout(timer);
      const wait = Math.max(
        USER_REFRESH_DEBOUNCE_MS,
        lastRunAt + USER_REFRESH_MIN_GAP_MS - Date.now(),
      );
      timer = setTimeout(() => {
        timer = undefined;
        lastRunAt = Date.now();
        refresh();
      }, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Drops pending retries (tests). */
export function cancelUserRetries(): void {
  for (const timer of retries.values()) clearTimeout(timer);
  retries.clear();
}
