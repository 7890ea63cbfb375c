import { isActivePremium } from './premium';
import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import type { User } from '../../contract/user';

/**
 * SPEC.md's paid-post records (sections 3 and 4), kept in IndexedDB as the design card asks:
 * per user a list of paid note ids (`paid_posts_{userId}`), and per note a flag
 * (`post_paid_{userId}_{postId}` = "true") and the time it was bought
 * (`post_paid_time_{userId}_{postId}`, ISO 8601).
 *
 * They are a cache for showing 已购买 before a note loads. They never unlock a note: the server
 * alone sends the paid part (`canRead`), so a forged record shows a badge and nothing more.
 */

interface PaidPostsDb extends DBSchema {
  records: { key: string; value: unknown };
}

const DB_NAME = 'vibe-paid-posts';
let database: Promise<IDBPDatabase<PaidPostsDb>> | null = null;

function openRecords() {
  database ??= openDB<PaidPostsDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('records');
    },
  });
  return database;
}

export const paidPostKeys = {
  list: (userId: string) => `paid_posts_${userId}`,
  flag: (userId: string, postId: string) => `post_paid_${userId}_${postId}`,
  time: (userId: string, postId: string) => `post_paid_time_${userId}_${postId}`,
};

/** A list that is not one (an older or damaged record) counts as empty. */
function idList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === 'string' && item !== '');
}

/** True for a premium user, or when any of the three records says the note was bought. */
export async function isPaid(
  userId: string,
  postId: string,
  user?: Pick<User, 'isPremium' | 'premiumEndDate'> | null,
): Promise<boolean> {
  if (isActivePremium(user)) return true;
  if (!userId || !postId) return false;
  const db = await openRecords();
  const tx = db.transaction('records');
  const [flag, time, list] = await Promise.all([
    tx.store.get(paidPostKeys.flag(userId, postId)),
    tx.store.get(paidPostKeys.time(userId, postId)),
    tx.store.get(paidPostKeys.list(userId)),
  ]);
  await tx.done;
  return flag === 'true' || typeof time === 'string' || idList(list).includes(postId);
}

/** When the note was bought, as recorded here; null when there is no record. */
export async function paidTime(userId: string, postId: string): Promise<string | null> {
  const db = await openRecords();
  const value = await db.get('records', paidPostKeys.time(userId, postId));
  return typeof value === 'string' ? value : null;
}

export async function paidPostIds(userId: string): Promise<string[]> {
  const db = await openRecords();
  return idList(await db.get('records', paidPostKeys.list(userId)));
}

/** Sets the flag and the time and adds the note to the user's list (once). */
export async function markPaid(userId: string, postId: string, at: Date = new Date()) {
  const db = await openRecords();
  const tx = db.transaction('records', 'readwrite');
  const listKey = paidPostKeys.list(userId);
  const list = idList(await tx.store.get(listKey));
  const timeKey = paidPostKeys.time(userId, postId);
  const known = await tx.store.get(timeKey);
  await Promise.all([
    tx.store.put('true', paidPostKeys.flag(userId, postId)),
    // The first purchase time stays: a later sync must not move it.
    typeof known === 'string' ? undefined : tx.store.put(at.toISOString(), timeKey),
    list.includes(postId) ? undefined : tx.store.put([...list, postId], listKey),
  ]);
  await tx.done;
}

/** Removes the flag, the time and the list entry. */
export async function unmarkPaid(userId: string, postId: string) {
  const db = await openRecords();
  const tx = db.transaction('records', 'readwrite');
  const listKey = paidPostKeys.list(userId);
  const list = idList(await tx.store.get(listKey));
  await Promise.all([
    tx.store.delete(paidPostKeys.flag(userId, postId)),
    tx.store.delete(paidPostKeys.time(userId, postId)),
    tx.store.put(
      list.filter((id) => id !== postId),
      listKey,
    ),
  ]);
  await tx.done;
}

/** Logout: SPEC.md section 4 removes the paid-post cache with the session. */
export async function clearPaidPosts(): Promise<void> {
  const db = await openRecords();
  await db.clear('records');
}
