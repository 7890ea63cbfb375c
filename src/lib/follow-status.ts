import type { FollowResult, FollowStatus } from '../../contract/follow';
import { api } from './api/client';
import { storageKeys } from './storage-keys';

/** SPEC.md section 3: "Session caches: ... follow-status (2 min)". */
export const FOLLOW_STATUS_TTL_MS = 2 * 60 * 1000;
const CACHE_KEY = 'follow_status';

type StatusCache = Record<string, { isFollowing: boolean; at: number }>;

/** A user in a following list: SPEC.md allows bare ids or objects carrying `_id`. */
export interface FollowedUser {
  _id: string;
  id: string;
  username?: string;
  avatar?: string;
}

function readCache(): StatusCache {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(CACHE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as StatusCache) : {};
  } catch {
    return {};
  }
}

/** Keyed by viewer too, so another account in this tab never sees the previous one's answers. */
const cacheKey = (viewerId: string, userId: string) => `${viewerId}:${userId}`;

function viewerId(): string | null {
  try {
    const user = JSON.parse(localStorage.getItem(storageKeys.user) ?? 'null') as {
      _id?: unknown;
      id?: unknown;
    } | null;
    const id = user?._id ?? user?.id;
    return typeof id === 'string' && id ? id : null;
  } catch {
    return null;
  }
}

export function rememberFollowStatus(userId: string, isFollowing: boolean): void {
  const viewer = viewerId();
  if (!viewer) return;
  const cache = readCache();
  cache[cacheKey(viewer, userId)] = { isFollowing, at: Date.now() };
  sessionStorage.setItem(CACHE_KEY, JSON.stringify(cache));
}

/**
 * Whether the signed-in user follows `userId`. SPEC.md section 5: not following when the id or
 * the token is missing; a fresh cached answer is reused for 2 minutes; a failed check says no.
 */
export async function getFollowStatus(userId: string | null | undefined): Promise<boolean> {
  const viewer = viewerId();
  if (!userId || !viewer || !localStorage.getItem(storageKeys.token)) return false;
  const cached = readCache()[cacheKey(viewer, userId)];
  if (cached && Date.now() - cached.at < FOLLOW_STATUS_TTL_MS) return cached.isFollowing;
  try {
    const answer = await api.get<FollowStatus>(
      `/api/auth/users/${encodeURIComponent(userId)}/follow-status`,
    );
    const isFollowing = answer?.isFollowing === true;
    rememberFollowStatus(userId, isFollowing);
    return isFollowing;
  } catch {
    return false;
  }
}

export async function followUser(userId: string): Promise<FollowResult> {
  const result = await api.post<FollowResult>(
    `/api/auth/users/${encodeURIComponent(userId)}/follow`,
  );
  rememberFollowStatus(userId, true);
  return result;
}

export async function unfollowUser(userId: string): Promise<FollowResult> {
  const result = await api.delete<FollowResult>(
    `/api/auth/users/${encodeURIComponent(userId)}/follow`,
  );
  rememberFollowStatus(userId, false);
  return result;
}

function toFollowedUser(entry: unknown): FollowedUser | null {
  if (typeof entry === 'string' || typeof entry === 'number') {
    const id = String(entry);
    return id ? { _id: id, id } : null;
  }
  if (!entry || typeof entry !== 'object') return null;
  const record = entry as Record<string, unknown>;
  const raw = record._id ?? record.id;
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const id = String(raw);
  return {
    ...(record as Partial<FollowedUser>),
    _id: id,
    id,
  };
}

/**
 * SPEC.md section 7: the following list may come as `{following: [...]}`, a bare array, nested
 * under `data`, or under `user`; anything else is an empty list.
 */
export function readFollowingList(answer: unknown): FollowedUser[] {
  const list = (value: unknown): unknown[] | null => {
    if (Array.isArray(value)) return value;
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.following)) return record.following;
    for (const nested of [record.data, record.user]) {
      const inner = nested === undefined ? null : list(nested);
      if (inner) return inner;
    }
    return null;
  };
  return (list(answer) ?? [])
    .map(toFollowedUser)
    .filter((user): user is FollowedUser => user !== null);
}

/** Whom a user follows (the signed-in user when no id is given); failures give an empty list. */
export async function getFollowingList(
  userId?: string,
  page: { page?: number; limit?: number } = {},
): Promise<FollowedUser[]> {
  const path = userId
    ? `/api/auth/users/${encodeURIComponent(userId)}/following`
    : '/api/auth/users/following';
  try {
    return readFollowingList(await api.get<unknown>(path, { query: page }));
  } catch {
    return [];
  }
}
