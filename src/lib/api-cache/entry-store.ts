import { API_CACHE_PREFIX } from './cache-key';
import type { ApiCachePolicy } from './policies';

/** SPEC.md section 3: a cache entry "holds data and a timestamp in ms". */
export interface StoredEntry<T = unknown> {
  data: T;
  timestamp: number;
}

export interface EntryInfo {
  key: string;
  storage: ApiCachePolicy['storage'];
  bytes: number;
}

function storageFor(kind: ApiCachePolicy['storage']): Storage | null {
  // Storage can be switched off (a privacy setting); the cache then just misses.
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function parseEntry(text: string): StoredEntry | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || !('data' in parsed)) return null;
    const entry = parsed as { data: unknown; timestamp?: unknown };
    return typeof entry.timestamp === 'number' && Number.isFinite(entry.timestamp)
      ? { data: entry.data, timestamp: entry.timestamp }
      : null;
  } catch {
    return null;
  }
}

/**
 * The stored answer for `key` while it is younger than the policy's TTL. SPEC.md section 4: an
 * expired or unparsable entry is deleted and counts as a miss. A timestamp from the future (a
 * clock set back) is not trusted either.
 */
export function readEntry(
  key: string,
  policy: ApiCachePolicy,
  now = Date.now(),
): StoredEntry | null {
  const storage = storageFor(policy.storage);
  const text = storage?.getItem(key);
  if (!storage || text == null) return null;
  const entry = parseEntry(text);
  if (!entry || entry.timestamp > now || now - entry.timestamp >= policy.ttlMs) {
    storage.removeItem(key);
    return null;
  }
  return entry;
}

/** Stores an answer with the time it arrived; a full storage keeps working without it. */
export function writeEntry(key: string, data: unknown, policy: ApiCachePolicy, now = Date.now()) {
  const storage = storageFor(policy.storage);
  if (!storage || data === undefined) return;
  try {
    storage.setItem(key, JSON.stringify({ data, timestamp: now } satisfies StoredEntry));
  } catch {
    storage.removeItem(key);
  }
}

function apiKeysIn(storage: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(API_CACHE_PREFIX)) keys.push(key);
  }
  return keys;
}

const STORAGE_KINDS = ['local', 'session'] as const;

/** Every stored entry, in both storages (for the console statistics). */
export function listEntries(): EntryInfo[] {
  return STORAGE_KINDS.flatMap((kind) => {
    const storage = storageFor(kind);
    if (!storage) return [];
    return apiKeysIn(storage).map((key) => ({
      key,
      storage: kind,
      bytes: key.length + (storage.getItem(key)?.length ?? 0),
    }));
  });
}

/** Deletes the stored entries whose key passes `matches` (all of them by default). */
export function deleteEntries(matches: (key: string) => boolean = () => true): number {
  let deleted = 0;
  for (const kind of STORAGE_KINDS) {
    const storage = storageFor(kind);
    if (!storage) continue;
    for (const key of apiKeysIn(storage)) {
      if (!matches(key)) continue;
      storage.removeItem(key);
      deleted++;
    }
  }
  return deleted;
}
