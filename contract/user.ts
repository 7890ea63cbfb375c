import { Type } from 'typebox';
import type { Static } from 'typebox';
import { errorText } from './messages.ts';
import { EMAIL_PATTERN, PASSWORD_PATTERN, USERNAME_PATTERN } from './user-rules.ts';

export const User = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  username: Type.String(),
  avatar: Type.String(),
  bio: Type.String(),
  /** Only in the caller's own record and for admins. */
  email: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  phone: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  isPremium: Type.Boolean(),
  premiumEndDate: Type.Union([Type.String(), Type.Null()]),
  isAdmin: Type.Boolean(),
  atmosphereValue: Type.Integer(),
  createdAt: Type.String(),
  postsCount: Type.Optional(Type.Integer()),
  followersCount: Type.Optional(Type.Integer()),
  followingCount: Type.Optional(Type.Integer()),
  totalLikes: Type.Optional(Type.Integer()),
  isFollowing: Type.Optional(Type.Boolean()),
  pinnedPostId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type User = Static<typeof User>;

export const Username = Type.String({
  pattern: USERNAME_PATTERN,
  errorMessage: errorText.usernameInvalid,
});
export const Password = Type.String({
  pattern: PASSWORD_PATTERN,
  errorMessage: errorText.passwordInvalid,
});
export const Email = Type.String({
  pattern: EMAIL_PATTERN,
  maxLength: 254,
  errorMessage: errorText.emailInvalid,
});
