import type { OAuthProviderConfig } from '../../../config.ts';
import { getProviderJson, OAuthError, stringField } from './oauth-provider.ts';
import type { OAuthProvider, ProviderAnswer, SocialIdentity } from './oauth-provider.ts';

/** Any answer with a non-zero `errcode` is WeChat saying no. */
function assertOk(answer: ProviderAnswer, step: string) {
  if (answer.errcode !== undefined && answer.errcode !== 0) {
    throw new OAuthError('refused', `${step}: ${String(answer.errcode)} ${String(answer.errmsg)}`);
  }
}

/**
 * WeChat Open Platform website login (网站应用微信登录): the QR page at
 * open.weixin.qq.com/connect/qrconnect with scope snsapi_login, then
 * /sns/oauth2/access_token and /sns/userinfo at api.weixin.qq.com.
 */
export function createWechatProvider(config: OAuthProviderConfig): OAuthProvider {
  async function userInfo(accessToken: string, openid: string): Promise<SocialIdentity> {
    const info = await getProviderJson(config.apiBase, 'sns/userinfo', {
      access_token: accessToken,
      openid,
      lang: 'zh_CN',
    });
    assertOk(info, 'userinfo');
    if (stringField(info, 'openid') !== openid) {
      throw new OAuthError('refused', 'userinfo answered for another openid');
    }
    return {
      openid,
      nickname: stringField(info, 'nickname') ?? '',
      avatar: stringField(info, 'headimgurl'),
    };
  }

  return {
    type: 'wechat',

    authorizeUrl(state, redirectUri) {
      const url = new URL('connect/qrconnect', `${config.authorizeBase.replace(/\/$/, '')}/`);
      url.searchParams.set('appid', config.appId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'snsapi_login');
      url.searchParams.set('state', state);
      url.hash = 'wechat_redirect';
      return url.toString();
    },

    async identityFromCode(code) {
      const token = await getProviderJson(config.apiBase, 'sns/oauth2/access_token', {
        appid: config.appId,
        secret: config.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      assertOk(token, 'access_token');
      const accessToken = stringField(token, 'access_token');
      const openid = stringField(token, 'openid');
      if (!accessToken || !openid) throw new OAuthError('refused', 'access_token without openid');
      return userInfo(accessToken, openid);
    },

    async identityFromToken(openid, accessToken) {
      // /sns/auth answers errcode 0 only for a live token issued for this openid.
      assertOk(
        await getProviderJson(config.apiBase, 'sns/auth', { access_token: accessToken, openid }),
        'auth',
      );
      return userInfo(accessToken, openid);
    },
  };
}
