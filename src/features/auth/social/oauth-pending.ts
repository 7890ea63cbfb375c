import { SOCIAL_TYPES } from '../../../../contract/social';
import type { SocialType } from '../../../../contract/social';

/** The server's state lives 10 minutes (server/modules/social/oauth-tokens.ts). */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export type OAuthPurpose = 'login' | 'bind';

/** What this tab asked the provider for, kept in sessionStorage until the provider returns. */
export interface PendingOAuth {
  provider: SocialType;
  state: string;
  purpose: OAuthPurpose;
  /** Where to go after signing in (a note address), when the modal was opened for one. */
  from?: string;
  startedAt: number;
}

const keyOf = (provider: SocialType) => `oauth_pending_${provider}`;

export function isSocialType(value: unknown): value is SocialType {
  return typeof value === 'string' && (SOCIAL_TYPES as readonly string[]).includes(value);
}

export function savePendingOAuth(pending: Omit<PendingOAuth, 'startedAt'>, now = Date.now()) {
  sessionStorage.setItem(keyOf(pending.provider), JSON.stringify({ ...pending, startedAt: now }));
}

/** Reads and forgets the pending request: a state is good for one return only. */
export function takePendingOAuth(provider: SocialType): PendingOAuth | null {
  const text = sessionStorage.getItem(keyOf(provider));
  sessionStorage.removeItem(keyOf(provider));
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PendingOAuth>;
    if (
      value.provider !== provider ||
      typeof value.state !== 'string' ||
      (value.purpose !== 'login' && value.purpose !== 'bind') ||
      typeof value.startedAt !== 'number'
    ) {
      return null;
    }
    return {
      provider,
      state: value.state,
      purpose: value.purpose,
      from: typeof value.from === 'string' ? value.from : undefined,
      startedAt: value.startedAt,
    };
  } catch {
    return null;
  }
}

export type CallbackCheck =
  | { ok: true; code: string; state: string; purpose: OAuthPurpose; from?: string }
  | { ok: false; reason: 'denied' | 'unknown' | 'mismatch' | 'expired' };

/**
 * The provider's return, checked against what this tab asked for (login CSRF: a link carrying
 * someone else's code and state must not sign this browser in). The server checks the state's
 * signature and its cookie as well; this check answers before any call is made.
 */
export function checkCallback(
  params: URLSearchParams,
  pending: PendingOAuth | null,
  now = Date.now(),
): CallbackCheck {
  const code = params.get('code');
  const state = params.get('state');
  if (!code) return { ok: false, reason: 'denied' };
  if (!pending) return { ok: false, reason: 'unknown' };
  if (!state || state !== pending.state) return { ok: false, reason: 'mismatch' };
  if (now - pending.startedAt > OAUTH_STATE_TTL_MS) return { ok: false, reason: 'expired' };
  return { ok: true, code, state, purpose: pending.purpose, from: pending.from };
}
