import type { FollowersList, FollowingList } from '../../../../contract/follow';
import type { User } from '../../../../contract/user';
import { api } from '../../../lib/api/client';

export type FollowListKind = 'followers' | 'following';

export interface FollowListPage {
  users: User[];
  page: number;
  pages: number;
  total: number;
}

const PAGE_SIZE = 20;

/** One page of a user's 粉丝 or 关注 list. */
export async function getFollowList(
  userId: string,
  kind: FollowListKind,
  page: number,
): Promise<FollowListPage> {
  const path = `/api/auth/users/${encodeURIComponent(userId)}/${kind}`;
  const query = { page, limit: PAGE_SIZE };
  if (kind === 'followers') {
    const { followers, ...rest } = await api.get<FollowersList>(path, { query });
    return { users: followers, ...rest };
  }
  const { following, ...rest } = await api.get<FollowingList>(path, { query });
  return { users: following, ...rest };
}
