import type { FollowResult } from '../../../contract/follow.ts';
import { errorText } from '../../../contract/messages.ts';
import type { User } from '../../../contract/user.ts';
import type { DomainEventBus } from '../../plugins/domain-events.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { pageCount, pageWindow } from '../../lib/pagination.ts';
import { presentUser } from '../users/present-user.ts';
import type { UserRepository } from '../users/user-repository.ts';
import type { FollowRepository } from './follow-repository.ts';

export function createFollowService(deps: {
  follows: FollowRepository;
  users: UserRepository;
  events: DomainEventBus;
}) {
  const { follows, users, events } = deps;

  async function existingUser(id: number) {
    const row = await users.findById(id);
    if (!row) throw notFound(errorText.userNotFound);
    return row;
  }

  return {
    async follow(followerId: number, followeeId: number): Promise<FollowResult> {
      if (followerId === followeeId) throw badRequest(errorText.cannotFollowSelf);
      await existingUser(followeeId);
      if (!(await follows.follow(followerId, followeeId))) {
        throw conflict(errorText.alreadyFollowing);
      }
      await events.emit('user.followed', { followerId, followeeId });
      return { isFollowing: true, followersCount: await follows.countFollowers(followeeId) };
    },

    async unfollow(followerId: number, followeeId: number): Promise<FollowResult> {
      if (followerId === followeeId) throw badRequest(errorText.cannotFollowSelf);
      await existingUser(followeeId);
      if (!(await follows.unfollow(followerId, followeeId))) {
        throw notFound(errorText.notFollowing);
      }
      await events.emit('user.unfollowed', { followerId, followeeId });
      return { isFollowing: false, followersCount: await follows.countFollowers(followeeId) };
    },

    async status(viewerId: number, userId: number) {
      return { isFollowing: await follows.isFollowing(viewerId, userId) };
    },

    async list(
      direction: 'following' | 'followers',
      userId: number,
      query: { page?: number; limit?: number },
    ): Promise<{ users: User[]; total: number; page: number; pages: number }> {
      await existingUser(userId);
      const window = pageWindow(query);
      const [rows, total] = await Promise.all(
        direction === 'following'
          ? [follows.listFollowing(userId, window), follows.countFollowing(userId)]
          : [follows.listFollowers(userId, window), follows.countFollowers(userId)],
      );
      return {
        users: rows.map((row) => presentUser(row)),
        total,
        page: window.page,
        pages: pageCount(total, window.limit),
      };
    },
  };
}

export type FollowService = ReturnType<typeof createFollowService>;
