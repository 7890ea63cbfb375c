import { Type, type Static } from 'typebox';
import { errorText } from './messages.ts';
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

export const AuthResponse = Type.Object({ token: Type.String(), user: User });
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
