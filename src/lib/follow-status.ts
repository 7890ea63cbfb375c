import type { FollowResult, FollowStatus } from '../../contract/follow';
import { api } from './api/client';
import { cachedFetch, rememberAnswer } from './api-cache/cached-fetch';
import { apiCachePolicies } from './api-cache/policies';
import { storageKeys } from './storage-keys';

/** SPEC.md section 3: "Session caches: ... follow-status (2 min)" (the API cache's policy). */
export const FOLLOW_STATUS_TTL_MS = apiCachePolicies.followStatus.ttlMs;

/** A user in a following list: SPEC.md allows bare ids or objects carrying `_id`. */
export interface FollowedUser {
  _id: string;
  id: string;
  username?: string;
  avatar?: string;
}

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

/** Keyed by viewer too, so another account in this tab never sees the previous one's answers. */
export function rememberFollowStatus(userId: string, isFollowing: boolean): void {
  const viewer = viewerId();
  if (viewer) rememberAnswer('followStatus', { viewer, userId }, isFollowing);
}

/**
 * Whether the signed-in user follows `userId`. SPEC.md section 5: not following when the id or
 * the token is missing; a fresh cached answer is reused for 2 minutes; a failed check says no.
 */
export async function getFollowStatus(userId: string | null | undefined): Promise<boolean> {
  const viewer = viewerId();
  if (!userId || !viewer || !localStorage.getItem(storageKeys.token)) return false;
  try {
    return await cachedFetch('followStatus', { viewer, userId }, async () => {
      const answer = await api.get<FollowStatus>(
        `/api/auth/users/${encodeURIComponent(userId)}/follow-status`,
      );
      return answer?.isFollowing === true;
    });
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
