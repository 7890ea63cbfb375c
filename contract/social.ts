import { Type } from 'typebox';
import type { Static } from 'typebox';
import { errorText } from './messages.ts';
import { Username } from './user.ts';

export const SOCIAL_TYPES = ['wechat', 'qq'] as const;
export type SocialType = (typeof SOCIAL_TYPES)[number];

export const SocialTypeParams = Type.Object({
  type: Type.Union([Type.Literal('wechat'), Type.Literal('qq')], {
    errorMessage: errorText.socialTypeInvalid,
  }),
});
export type SocialTypeParams = Static<typeof SocialTypeParams>;

/** Which providers this server has credentials for; the modal hides or greys out the rest. */
export const SocialProviders = Type.Object({ wechat: Type.Boolean(), qq: Type.Boolean() });
export type SocialProviders = Static<typeof SocialProviders>;

/**
 * `login` (the default) signs in; `bind` links the provider to the signed-in account from the
 * settings page. The state remembers which, so a login state cannot be used to bind.
 */
export const AuthorizeQuery = Type.Object({
  purpose: Type.Optional(
    Type.Union([Type.Literal('login'), Type.Literal('bind')], {
      errorMessage: errorText.badRequest,
    }),
  ),
});
export type AuthorizeQuery = Static<typeof AuthorizeQuery>;

/** `url` is the provider's page (the WeChat QR page, QQ's authorisation page). */
export const AuthorizeResponse = Type.Object({ url: Type.String(), state: Type.String() });
export type AuthorizeResponse = Static<typeof AuthorizeResponse>;

const Short = (max: number) => Type.String({ minLength: 1, maxLength: max });

/**
 * Either `code` + `state` from the provider's redirect (the web flow), or, as SPEC.md allows,
 * `openid` + `access_token` obtained elsewhere; the server checks the token with the provider
 * before trusting the openid.
 */
export const SocialLoginBody = Type.Object(
  {
    code: Type.Optional(Short(512)),
    state: Type.Optional(Short(2048)),
    openid: Type.Optional(Short(128)),
    access_token: Type.Optional(Short(512)),
  },
  { errorMessage: errorText.oauthParamsMissing },
);
export type SocialLoginBody = Static<typeof SocialLoginBody>;

/** The provider profile the browser may show while offering to create or bind an account. */
export const SocialProfile = Type.Object({
  nickname: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
});
export type SocialProfile = Static<typeof SocialProfile>;

/** 404 账号未绑定: the ticket lets the browser create an account or bind an existing one. */
export const NotBoundBody = Type.Object({
  error: Type.String(),
  bindTicket: Type.Optional(Type.String()),
  profile: Type.Optional(SocialProfile),
});
export type NotBoundBody = Static<typeof NotBoundBody>;

/**
 * `bindTicket` from the 404 answer, or SPEC.md's `{openid, access_token, userInfo}` (the
 * userInfo is only a hint: the profile is read from the provider).
 */
export const SocialRegisterBody = Type.Object({
  bindTicket: Type.Optional(Short(4096)),
  username: Type.Optional(Username),
  openid: Type.Optional(Short(128)),
  access_token: Type.Optional(Short(512)),
  userInfo: Type.Optional(
    Type.Object({ nickname: Type.Optional(Type.String({ maxLength: 100 })) }),
  ),
});
export type SocialRegisterBody = Static<typeof SocialRegisterBody>;

/** Binding from settings: a ticket from a failed sign-in, or `code` + `state` of a bind flow. */
export const SocialBindBody = Type.Object({
  bindTicket: Type.Optional(Short(4096)),
  code: Type.Optional(Short(512)),
  state: Type.Optional(Short(2048)),
});
export type SocialBindBody = Static<typeof SocialBindBody>;

export const SocialBinding = Type.Object({
  nickname: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()]),
  boundAt: Type.String(),
});
export type SocialBinding = Static<typeof SocialBinding>;

export const SocialBindings = Type.Object({
  wechat: Type.Union([SocialBinding, Type.Null()]),
  qq: Type.Union([SocialBinding, Type.Null()]),
});
export type SocialBindings = Static<typeof SocialBindings>;
