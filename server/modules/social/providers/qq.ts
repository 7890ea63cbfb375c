import type { OAuthProviderConfig } from '../../../config.ts';
import { getProviderJson, OAuthError, stringField } from './oauth-provider.ts';
import type { OAuthProvider, ProviderAnswer, SocialIdentity } from './oauth-provider.ts';

function assertOk(answer: ProviderAnswer, step: string) {
  if (answer.error !== undefined) {
    throw new OAuthError(
      'refused',
      `${step}: ${String(answer.error)} ${String(answer.error_description)}`,
    );
  }
}

/**
 * QQ Connect (QQ互联) authorisation code flow at graph.qq.com: /oauth2.0/authorize,
 * /oauth2.0/token, /oauth2.0/me and /user/get_user_info, all asked for JSON (`fmt=json`).
 */
export function createQqProvider(config: OAuthProviderConfig): OAuthProvider {
  /** The openid behind a token; the token must have been issued to this app. */
  async function openidOf(accessToken: string): Promise<string> {
    const me = await getProviderJson(config.apiBase, 'oauth2.0/me', {
      access_token: accessToken,
      fmt: 'json',
    });
    assertOk(me, 'me');
    const openid = stringField(me, 'openid');
    if (!openid) throw new OAuthError('refused', 'me answered without openid');
    if (stringField(me, 'client_id') !== config.appId) {
      throw new OAuthError('refused', 'token was issued to another app');
    }
    return openid;
  }

  async function userInfo(accessToken: string, openid: string): Promise<SocialIdentity> {
    const info = await getProviderJson(config.apiBase, 'user/get_user_info', {
      access_token: accessToken,
      oauth_consumer_key: config.appId,
      openid,
    });
    if (info.ret !== 0) {
      throw new OAuthError('refused', `get_user_info: ${String(info.ret)} ${String(info.msg)}`);
    }
    return {
      openid,
      nickname: stringField(info, 'nickname') ?? '',
      avatar: stringField(info, 'figureurl_qq_2') ?? stringField(info, 'figureurl_qq_1'),
    };
  }

  return {
    type: 'qq',

    authorizeUrl(state, redirectUri) {
      const url = new URL('oauth2.0/authorize', `${config.authorizeBase.replace(/\/$/, '')}/`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', config.appId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', 'get_user_info');
      return url.toString();
    },

    async identityFromCode(code, redirectUri) {
      const token = await getProviderJson(config.apiBase, 'oauth2.0/token', {
        grant_type: 'authorization_code',
        client_id: config.appId,
        client_secret: config.appSecret,
        code,
        redirect_uri: redirectUri,
        fmt: 'json',
      });
      assertOk(token, 'token');
      const accessToken = stringField(token, 'access_token');
      if (!accessToken) throw new OAuthError('refused', 'token answered without access_token');
      return userInfo(accessToken, await openidOf(accessToken));
    },

    async identityFromToken(openid, accessToken) {
      if ((await openidOf(accessToken)) !== openid) {
        throw new OAuthError('refused', 'token belongs to another openid');
      }
      return userInfo(accessToken, openid);
    },
  };
}
