import type { AuthResponse } from '../../../../contract/auth';
import { errorText } from '../../../../contract/page-messages';
import type {
  AuthorizeResponse,
  SocialBindings,
  SocialProfile,
  SocialProviders,
  SocialType,
} from '../../../../contract/social';
import { ApiError, api } from '../../../lib/api/client';
import type { OAuthPurpose } from '../social/oauth-pending';

const once = { retries: 0, errorMessage: errorText.socialLoginFailed } as const;

let providersRequest: Promise<SocialProviders> | null = null;

/** Which of WeChat and QQ this server is configured for; asked once per page load. */
export function getSocialProviders(): Promise<SocialProviders> {
  providersRequest ??= api
    .get<SocialProviders>('/api/auth/oauth/providers')
    .catch((error: unknown) => {
      providersRequest = null;
      throw error;
    });
  return providersRequest;
}

/** The provider's page (WeChat's QR page, QQ's authorisation page) and the state it carries. */
export function authorizeSocial(type: SocialType, purpose: OAuthPurpose) {
  return api.get<AuthorizeResponse>(`/api/auth/oauth/${type}/authorize`, {
    query: { purpose },
    retries: 0,
  });
}

export type SocialLoginResult =
  | { kind: 'signed-in'; response: AuthResponse }
  | { kind: 'not-bound'; bindTicket: string; profile: SocialProfile };

function notBoundOf(data: unknown): { bindTicket: string; profile: SocialProfile } | null {
  if (!data || typeof data !== 'object' || !('bindTicket' in data)) return null;
  const { bindTicket, profile } = data as { bindTicket: unknown; profile?: Partial<SocialProfile> };
  if (typeof bindTicket !== 'string' || !bindTicket) return null;
  return {
    bindTicket,
    profile: {
      nickname: typeof profile?.nickname === 'string' ? profile.nickname : '',
      avatar: typeof profile?.avatar === 'string' ? profile.avatar : null,
    },
  };
}

/**
 * Exchanges the provider's code. SPEC.md section 8: 401 is an authorisation error, 404 means the
 * identity has no account yet, answered with a ticket to create one or bind an existing one.
 */
export async function loginWithSocial(
  type: SocialType,
  code: string,
  state: string,
): Promise<SocialLoginResult> {
  try {
    const response = await api.post<AuthResponse>(`/api/auth/login/${type}`, { code, state }, once);
    if (!response?.token) throw new ApiError(500, errorText.noTokenServer, response);
    return { kind: 'signed-in', response };
  } catch (error) {
    const notBound = error instanceof ApiError && error.status === 404 && notBoundOf(error.data);
    if (notBound) return { kind: 'not-bound', ...notBound };
    throw error;
  }
}

export async function registerWithSocial(
  type: SocialType,
  bindTicket: string,
  username: string,
): Promise<AuthResponse> {
  const response = await api.post<AuthResponse>(
    `/api/auth/register/${type}`,
    { bindTicket, username },
    once,
  );
  if (!response?.token) throw new ApiError(500, errorText.noTokenServer, response);
  return response;
}

/** Binds to the signed-in account: a ticket from a failed sign-in, or a bind flow's return. */
export function bindSocial(
  type: SocialType,
  body: { bindTicket: string } | { code: string; state: string },
): Promise<SocialBindings> {
  return api.post<SocialBindings>(`/api/auth/social/${type}/bind`, body, once);
}

export function getSocialBindings(): Promise<SocialBindings> {
  return api.get<SocialBindings>('/api/auth/social');
}

export function unbindSocial(type: SocialType): Promise<SocialBindings> {
  return api.delete<SocialBindings>(`/api/auth/social/${type}`, { retries: 0 });
}
