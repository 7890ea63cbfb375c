import { isActivePremium } from './premium';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearPaidPosts,
  isPaid,
  markPaid,
  paidPostIds,
  paidPostKeys,
  paidTime,
  unmarkPaid,
} from './paid-posts';

afterEach(async () => {
  await clearPaidPosts();
});

/** Writes one raw record the way an older version or a hand edit might have. */
async function putRaw(key: string, value: unknown) {
  const db = await openDB('vibe-paid-posts', 1);
  await db.put('records', value, key);
  db.close();
}

describe('paid-post records', () => {
  it('marks a note paid: flag, time and list, per user', async () => {
    const at = new Date('2026-03-01T08:00:00.000Z');
    await markPaid('7', '42', at);
    expect(await isPaid('7', '42')).toBe(true);
    expect(await paidTime('7', '42')).toBe(at.toISOString());
    expect(await paidPostIds('7')).toEqual(['42']);
    expect(await isPaid('8', '42')).toBe(false);
    expect(await isPaid('7', '43')).toBe(false);
  });

  it('adds a note to the list once and keeps the first purchase time', async () => {
    await markPaid('7', '42', new Date('2026-03-01T08:00:00.000Z'));
    await markPaid('7', '42', new Date('2026-04-01T08:00:00.000Z'));
    await markPaid('7', '43');
    expect(await paidPostIds('7')).toEqual(['42', '43']);
    expect(await paidTime('7', '42')).toBe('2026-03-01T08:00:00.000Z');
  });

  it('unmarks a note and leaves the others', async () => {
    await markPaid('7', '42');
    await markPaid('7', '43');
    await unmarkPaid('7', '42');
    expect(await isPaid('7', '42')).toBe(false);
    expect(await paidTime('7', '42')).toBeNull();
    expect(await paidPostIds('7')).toEqual(['43']);
  });

  it('counts a note as paid when any one of the three records says so', async () => {
    await putRaw(paidPostKeys.flag('1', '10'), 'true');
    await putRaw(paidPostKeys.time('1', '11'), '2026-01-01T00:00:00.000Z');
    await putRaw(paidPostKeys.list('1'), ['12']);
    await putRaw(paidPostKeys.flag('1', '13'), 'false');
    expect(await isPaid('1', '10')).toBe(true);
    expect(await isPaid('1', '11')).toBe(true);
    expect(await isPaid('1', '12')).toBe(true);
    expect(await isPaid('1', '13')).toBe(false);
  });

  it('treats a damaged list as empty', async () => {
    await putRaw(paidPostKeys.list('1'), { not: 'a list' });
    expect(await paidPostIds('1')).toEqual([]);
    await markPaid('1', '5');
    expect(await paidPostIds('1')).toEqual(['5']);
  });

  it('counts every note as paid for an active premium member', async () => {
    const member = { isPremium: true, premiumEndDate: '2999-01-01T00:00:00.000Z' };
    expect(await isPaid('1', '99', member)).toBe(true);
    const lapsed = { isPremium: true, premiumEndDate: '2000-01-01T00:00:00.000Z' };
    expect(await isPaid('1', '99', lapsed)).toBe(false);
    expect(await isPaid('1', '99', { isPremium: false, premiumEndDate: null })).toBe(false);
  });

  it('clears every user’s records on logout', async () => {
    await markPaid('1', '5');
    await markPaid('2', '6');
    await clearPaidPosts();
    expect(await isPaid('1', '5')).toBe(false);
    expect(await paidPostIds('2')).toEqual([]);
  });
});

describe('isActivePremium', () => {
  const now = new Date('2026-05-01T00:00:00.000Z');
  it('honours the end date', () => {
    expect(isActivePremium({ isPremium: true, premiumEndDate: '2026-05-02T00:00:00Z' }, now)).toBe(
      true,
    );
    expect(isActivePremium({ isPremium: true, premiumEndDate: '2026-04-30T00:00:00Z' }, now)).toBe(
      false,
    );
    expect(isActivePremium({ isPremium: false, premiumEndDate: '2026-05-02T00:00:00Z' }, now)).toBe(
      false,
    );
    expect(isActivePremium(null, now)).toBe(false);
  });
});
