import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api/client';
import {
  FOLLOW_STATUS_TTL_MS,
  followUser,
  getFollowStatus,
  getFollowingList,
  readFollowingList,
  unfollowUser,
} from './follow-status';

function signIn(id = '1') {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify({ _id: id, id, username: 'me' }));
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 1));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('follow status', () => {
  it('says not following without asking when the id or the token is missing', async () => {
    const get = vi.spyOn(api, 'get');
    expect(await getFollowStatus('2')).toBe(false);
    signIn();
    expect(await getFollowStatus(undefined)).toBe(false);
    expect(await getFollowStatus('')).toBe(false);
    localStorage.removeItem('token');
    expect(await getFollowStatus('2')).toBe(false);
    expect(get).not.toHaveBeenCalled();
  });

  it('asks once and reuses the answer for 2 minutes', async () => {
    signIn();
    const get = vi.spyOn(api, 'get').mockResolvedValue({ isFollowing: true });
    expect(await getFollowStatus('2')).toBe(true);
    vi.advanceTimersByTime(FOLLOW_STATUS_TTL_MS - 1);
    expect(await getFollowStatus('2')).toBe(true);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/api/auth/users/2/follow-status');
    vi.advanceTimersByTime(1);
    get.mockResolvedValue({ isFollowing: false });
    expect(await getFollowStatus('2')).toBe(false);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('keeps one account’s answers from another and says no when the check fails', async () => {
    signIn('1');
    vi.spyOn(api, 'get').mockResolvedValueOnce({ isFollowing: true });
    expect(await getFollowStatus('2')).toBe(true);
    signIn('3');
    vi.spyOn(api, 'get').mockRejectedValueOnce(new Error('offline'));
    expect(await getFollowStatus('2')).toBe(false);
  });

  it('remembers the result of following and unfollowing', async () => {
    signIn();
    const get = vi.spyOn(api, 'get');
    vi.spyOn(api, 'post').mockResolvedValue({ isFollowing: true, followersCount: 1 });
    vi.spyOn(api, 'delete').mockResolvedValue({ isFollowing: false, followersCount: 0 });
    await followUser('2');
    expect(await getFollowStatus('2')).toBe(true);
    await unfollowUser('2');
    expect(await getFollowStatus('2')).toBe(false);
    expect(get).not.toHaveBeenCalled();
    expect(api.post).toHaveBeenCalledWith('/api/auth/users/2/follow');
    expect(api.delete).toHaveBeenCalledWith('/api/auth/users/2/follow');
  });
});

describe('following list', () => {
  const alice = { _id: 'a', username: 'alice' };

  it('accepts every shape SPEC.md lists', () => {
    const expected = [{ ...alice, id: 'a' }];
    expect(readFollowingList({ following: [alice] })).toEqual(expected);
    expect(readFollowingList([alice])).toEqual(expected);
    expect(readFollowingList({ data: [alice] })).toEqual(expected);
    expect(readFollowingList({ data: { following: [alice] } })).toEqual(expected);
    expect(readFollowingList({ user: { following: [alice] } })).toEqual(expected);
    expect(readFollowingList({ following: ['7', 8] })).toEqual([
      { _id: '7', id: '7' },
      { _id: '8', id: '8' },
    ]);
  });

  it('gives an empty list for anything else', () => {
    for (const answer of [null, undefined, 'x', 3, {}, { following: 'x' }, { data: null }]) {
      expect(readFollowingList(answer)).toEqual([]);
    }
    expect(readFollowingList([null, {}, { name: 'no id' }, alice])).toEqual([
      { ...alice, id: 'a' },
    ]);
  });

  it('asks for the caller’s or a user’s list and fails quietly to empty', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValueOnce({ following: [alice] });
    expect(await getFollowingList()).toHaveLength(1);
    expect(get).toHaveBeenLastCalledWith('/api/auth/users/following', { query: {} });
    get.mockRejectedValueOnce(new Error('500'));
    expect(await getFollowingList('9', { page: 2 })).toEqual([]);
    expect(get).toHaveBeenLastCalledWith('/api/auth/users/9/following', { query: { page: 2 } });
  });
});
