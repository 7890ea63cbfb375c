import { Type, type Static } from 'typebox';
import { errorText } from './messages.ts';

export const DEFAULT_AVATAR = '/images/default_head.png';

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

/** Username: 2-20 characters of Chinese, letters, digits or underscore. */
export const USERNAME_PATTERN = '^[\\u4e00-\\u9fa5A-Za-z0-9_]{2,20}$';
/** Password: 8-64 characters with at least one letter and one digit. */
export const PASSWORD_PATTERN = '^(?=.*[A-Za-z])(?=.*[0-9]).{8,64}$';
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

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
