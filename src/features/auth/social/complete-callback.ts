import { errorText } from '../../../../contract/page-messages';
import type { SocialBindings, SocialProfile, SocialType } from '../../../../contract/social';
import { bindSocial, loginWithSocial } from '../api/social';
import type { SocialLoginResult } from '../api/social';
import { authTexts } from '../texts';
import { checkCallback, takePendingOAuth } from './oauth-pending';
import type { OAuthPurpose } from './oauth-pending';

export type CallbackOutcome =
  | { kind: 'signed-in'; result: Extract<SocialLoginResult, { kind: 'signed-in' }>; from?: string }
  | { kind: 'not-bound'; bindTicket: string; profile: SocialProfile; from?: string }
  | { kind: 'bound'; bindings: SocialBindings }
  | { kind: 'failed'; message: string; purpose: OAuthPurpose };

const REFUSED_TEXT = {
  denied: authTexts.callbackDenied,
  unknown: errorText.oauthStateInvalid,
  mismatch: errorText.oauthStateInvalid,
  expired: errorText.oauthStateInvalid,
} as const;

async function complete(provider: SocialType, search: string): Promise<CallbackOutcome> {
  const pending = takePendingOAuth(provider);
  const checked = checkCallback(new URLSearchParams(search), pending);
  if (!checked.ok) {
    return {
      kind: 'failed',
      message: REFUSED_TEXT[checked.reason],
      purpose: pending?.purpose ?? 'login',
    };
  }
  const { code, state, purpose, from } = checked;
  try {
    if (purpose === 'bind') {
      return { kind: 'bound', bindings: await bindSocial(provider, { code, state }) };
    }
    const result = await loginWithSocial(provider, code, state);
    return result.kind === 'signed-in'
      ? { kind: 'signed-in', result, from }
      : { kind: 'not-bound', bindTicket: result.bindTicket, profile: result.profile, from };
  } catch (error) {
    const message = error instanceof Error ? error.message : errorText.socialLoginFailed;
    return { kind: 'failed', message, purpose };
  }
}

const started = new Map<string, Promise<CallbackOutcome>>();

/**
 * Finishes the provider's return once per address: a provider code works only once, and a
 * page that mounts twice (React's strict mode, a quick re-render) must not spend it twice.
 */
export function completeCallback(provider: SocialType, search: string): Promise<CallbackOutcome> {
  const key = `${provider}${search}`;
  let outcome = started.get(key);
  if (!outcome) {
    outcome = complete(provider, search);
    started.set(key, outcome);
  }
  return outcome;
}
