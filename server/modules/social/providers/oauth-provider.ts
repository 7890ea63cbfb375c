import type { SocialType } from '../../../../contract/social.ts';

/** Who the provider says the user is; the openid is per app, so it is what accounts bind to. */
export interface SocialIdentity {
  openid: string;
  nickname: string;
  avatar: string | null;
}

export interface OAuthProvider {
  readonly type: SocialType;
  /** The provider page the browser is sent to; it redirects back with `code` and `state`. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** The web flow: exchanges the authorisation code, then reads the profile. */
  identityFromCode(code: string, redirectUri: string): Promise<SocialIdentity>;
  /** SPEC.md's `{openid, access_token}`: the provider must confirm the token is this openid's. */
  identityFromToken(openid: string, accessToken: string): Promise<SocialIdentity>;
}

/**
 * `refused`: the provider answered with an error (bad code, token, app credentials);
 * `unreachable`: no usable answer at all.
 */
export class OAuthError extends Error {
  readonly kind: 'refused' | 'unreachable';
  constructor(kind: 'refused' | 'unreachable', message: string) {
    super(message);
    this.kind = kind;
  }
}

const TIMEOUT_MS = 10_000;

export type ProviderAnswer = Record<string, unknown>;

/** GETs a provider endpoint and parses the body as JSON whatever its content type (WeChat
 * answers JSON as text/plain). */
export async function getProviderJson(
  base: string,
  path: string,
  query: Record<string, string>,
): Promise<ProviderAnswer> {
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  let text: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    text = await response.text();
  } catch (error) {
    throw new OAuthError('unreachable', error instanceof Error ? error.message : 'fetch failed');
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) return parsed as ProviderAnswer;
  } catch {
    // Falls through: not JSON.
  }
  throw new OAuthError('unreachable', `unexpected answer from ${url.pathname}`);
}

export const stringField = (answer: ProviderAnswer, name: string): string | null => {
  const value = answer[name];
  return typeof value === 'string' && value !== '' ? value : null;
};
