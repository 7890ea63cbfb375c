import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api/client';
import { getFollowList } from './follow-lists';

vi.mock('../../../lib/api/client', () => ({ api: { get: vi.fn() } }));

const person = { id: '7', _id: '7', username: '代码诗人' };

describe('getFollowList', () => {
  beforeEach(() => vi.mocked(api.get).mockReset());

  it('reads the followers list from its own field and asks for the right page', async () => {
    vi.mocked(api.get).mockResolvedValue({ followers: [person], total: 21, page: 2, pages: 2 });
    const page = await getFollowList('3', 'followers', 2);
    expect(api.get).toHaveBeenCalledWith('/api/auth/users/3/followers', {
      query: { page: 2, limit: 20 },
    });
    expect(page).toEqual({ users: [person], total: 21, page: 2, pages: 2 });
  });

  it('reads the following list from its own field', async () => {
    vi.mocked(api.get).mockResolvedValue({ following: [person], total: 1, page: 1, pages: 1 });
    const page = await getFollowList('3', 'following', 1);
    expect(api.get).toHaveBeenCalledWith('/api/auth/users/3/following', {
      query: { page: 1, limit: 20 },
    });
    expect(page.users).toEqual([person]);
  });
});
