import { Type } from 'typebox';
import type { Static } from 'typebox';
import { Pagination } from './common.ts';
import { User } from './user.ts';

/** `GET /api/auth/users/{id}/following` and `.../followers` (and the caller's own list). */
export const FollowingList = Type.Object({ following: Type.Array(User), ...Pagination });
export type FollowingList = Static<typeof FollowingList>;

export const FollowersList = Type.Object({ followers: Type.Array(User), ...Pagination });
export type FollowersList = Static<typeof FollowersList>;

/** `GET /api/auth/users/{id}/follow-status`. */
export const FollowStatus = Type.Object({ isFollowing: Type.Boolean() });
export type FollowStatus = Static<typeof FollowStatus>;

/** Answer of `POST` / `DELETE /api/auth/users/{id}/follow`. */
export const FollowResult = Type.Object({
  isFollowing: Type.Boolean(),
  /** The followed user's follower count after the change. */
  followersCount: Type.Integer(),
});
export type FollowResult = Static<typeof FollowResult>;
