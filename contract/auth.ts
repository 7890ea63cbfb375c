import { Type } from 'typebox';
import type { Static } from 'typebox';
import { errorText } from './messages.ts';
import { UserSettings } from './settings.ts';
import { Email, Password, User, Username } from './user.ts';

export const RegisterBody = Type.Object(
  { username: Username, email: Email, password: Password },
  {
    errorMessage: {
      required: {
        username: errorText.usernameInvalid,
        email: errorText.emailInvalid,
        password: errorText.passwordInvalid,
      },
    },
  },
);
export type RegisterBody = Static<typeof RegisterBody>;

/** `username` may also be the account's e-mail. */
export const LoginBody = Type.Object(
  {
    username: Type.String({
      minLength: 1,
      maxLength: 254,
      errorMessage: errorText.loginNeedsCredentials,
    }),
    password: Type.String({
      minLength: 1,
      maxLength: 128,
      errorMessage: errorText.loginNeedsCredentials,
    }),
  },
  { errorMessage: { required: errorText.loginNeedsCredentials } },
);
export type LoginBody = Static<typeof LoginBody>;

/** The signed-in user's own record: the public user plus what only they see. */
export const CurrentUser = Type.Object({
  ...User.properties,
  settings: UserSettings,
  /** False for accounts made by WeChat/QQ or by phone without a password yet. */
  hasPassword: Type.Boolean(),
});
export type CurrentUser = Static<typeof CurrentUser>;

export const AuthResponse = Type.Object({ token: Type.String(), user: CurrentUser });
export type AuthResponse = Static<typeof AuthResponse>;

export const UpdateMeBody = Type.Object(
  {
    username: Type.Optional(Username),
    email: Type.Optional(Email),
    bio: Type.Optional(Type.String({ maxLength: 200, errorMessage: errorText.bioTooLong })),
    avatar: Type.Optional(
      Type.String({
        maxLength: 2000,
        pattern: '^(/|https?://)',
        errorMessage: errorText.avatarInvalid,
      }),
    ),
  },
  // Unknown fields (isAdmin, atmosphereValue...) are stripped by the validator, never stored.
  { additionalProperties: false },
);
export type UpdateMeBody = Static<typeof UpdateMeBody>;

export const SuccessResponse = Type.Object({ success: Type.Boolean() });
export type SuccessResponse = Static<typeof SuccessResponse>;

export const ForgotPasswordBody = Type.Object(
  { email: Email },
  { errorMessage: { required: { email: errorText.emailInvalid } } },
);
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetTokenParams = Type.Object({
  token: Type.String({
    pattern: '^[A-Za-z0-9_-]{20,100}$',
    errorMessage: errorText.resetTokenInvalid,
  }),
});
export type ResetTokenParams = Static<typeof ResetTokenParams>;

export const ResetPasswordBody = Type.Object(
  { password: Password },
  { errorMessage: { required: { password: errorText.passwordInvalid } } },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;
