import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { SocialType } from '../../../contract/social.ts';
import type { SocialIdentity } from './providers/oauth-provider.ts';

/** A sign-in started on the provider's page must come back within this time. */
export const STATE_TTL_MS = 10 * 60 * 1000;
/** Time to choose between creating an account and binding an existing one. */
export const BIND_TICKET_TTL_MS = 10 * 60 * 1000;

// Distinct audiences: neither value can pass for the other, nor for a session token (no `sid`).
const STATE_AUDIENCE = 'oauth-state';
const TICKET_AUDIENCE = 'bind-ticket';

export interface OAuthState {
  nonce: string;
  provider: SocialType;
  purpose: 'login' | 'bind';
  /** For `bind`: the account that started it, so nobody else can finish it. */
  userId: number | null;
  expiresAt: number;
}

export interface BindTicket extends SocialIdentity {
  nonce: string;
  provider: SocialType;
  expiresAt: number;
}

const newNonce = () => randomBytes(18).toString('base64url');

async function sign(
  secret: Uint8Array,
  audience: string,
  claims: Record<string, unknown>,
  nonce: string,
  expiresAt: number,
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(audience)
    .setJti(nonce)
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(secret);
}

async function verify(secret: Uint8Array, audience: string, token: string) {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], audience });
    if (typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
    return payload;
  } catch {
    return null;
  }
}

export async function createState(
  secret: Uint8Array,
  state: Omit<OAuthState, 'nonce' | 'expiresAt'>,
  now = Date.now(),
): Promise<{ token: string; state: OAuthState }> {
  const full: OAuthState = { ...state, nonce: newNonce(), expiresAt: now + STATE_TTL_MS };
  const token = await sign(
    secret,
    STATE_AUDIENCE,
    { provider: full.provider, purpose: full.purpose, uid: full.userId },
    full.nonce,
    full.expiresAt,
  );
  return { token, state: full };
}

/** The state's claims when it is ours and unexpired; null otherwise. */
export async function readState(secret: Uint8Array, token: string): Promise<OAuthState | null> {
  const payload = await verify(secret, STATE_AUDIENCE, token);
  if (!payload) return null;
  const { provider, purpose, uid } = payload;
  if (provider !== 'wechat' && provider !== 'qq') return null;
  if (purpose !== 'login' && purpose !== 'bind') return null;
  return {
    nonce: payload.jti!,
    provider,
    purpose,
    userId: typeof uid === 'number' ? uid : null,
    expiresAt: payload.exp! * 1000,
  };
}

export async function createBindTicket(
  secret: Uint8Array,
  provider: SocialType,
  identity: SocialIdentity,
  now = Date.now(),
): Promise<string> {
  return sign(
    secret,
    TICKET_AUDIENCE,
    { provider, openid: identity.openid, nickname: identity.nickname, avatar: identity.avatar },
    newNonce(),
    now + BIND_TICKET_TTL_MS,
  );
}

export async function readBindTicket(
  secret: Uint8Array,
  token: string,
): Promise<BindTicket | null> {
  const payload = await verify(secret, TICKET_AUDIENCE, token);
  if (!payload) return null;
  const { provider, openid, nickname, avatar } = payload;
  if (provider !== 'wechat' && provider !== 'qq') return null;
  if (typeof openid !== 'string' || typeof nickname !== 'string') return null;
  return {
    nonce: payload.jti!,
    provider,
    openid,
    nickname,
    avatar: typeof avatar === 'string' ? avatar : null,
    expiresAt: payload.exp! * 1000,
  };
}
