import type { OAuthProviderConfig } from '../../server/config.ts';
import { createGrantBook, followAuthorize } from './fake-oauth.ts';
import type { FakeSocialUser } from './fake-oauth.ts';
import { redirect, sendJson, startLoopbackServer } from './loopback.ts';

/**
 * A stand-in for WeChat's website login on loopback, speaking its documented endpoints:
 * GET /connect/qrconnect (the QR page; here it "scans" at once and redirects back),
 * GET /sns/oauth2/access_token, GET /sns/auth and GET /sns/userinfo, with WeChat's errcodes.
 */
export interface FakeWechat {
  url: string;
  config: OAuthProviderConfig;
  env: Record<string, string>;
  /** Who scans the next QR code (a fresh user when not set). */
  signInAs(user: FakeSocialUser): void;
  newUser(): FakeSocialUser;
  /** Visits the QR page as the browser would; answers our callback URL with code and state. */
  approve(authorizeUrl: string): Promise<URL>;
  /** A token for the `{openid, access_token}` path, as WeChat's SDKs would hand out. */
  issueAccessToken(user: FakeSocialUser): string;
  /** Paths called, in order. */
  calls: string[];
  close(): Promise<void>;
}

export async function startFakeWechat(): Promise<FakeWechat> {
  const config: OAuthProviderConfig = {
    appId: 'wx-fake-app-id',
    appSecret: 'fake-wechat-secret',
    apiBase: '',
    authorizeBase: '',
  };
  const book = createGrantBook();
  const calls: string[] = [];
  const error = (response: Parameters<typeof sendJson>[0], errcode: number, errmsg: string) =>
    sendJson(response, 200, { errcode, errmsg });

  const server = await startLoopbackServer((_request, url, response) => {
    calls.push(url.pathname);
    const q = (name: string) => url.searchParams.get(name);
    switch (url.pathname) {
      case '/connect/qrconnect': {
        if (q('appid') !== config.appId) return error(response, 40013, 'invalid appid');
        if (q('scope') !== 'snsapi_login') return error(response, 40117, 'invalid scope');
        if (q('response_type') !== 'code' || !q('redirect_uri')) {
          return error(response, 40001, 'invalid request');
        }
        const target = new URL(q('redirect_uri')!);
        target.searchParams.set('code', book.issueCode(target.toString(), 'wx'));
        target.searchParams.set('state', q('state') ?? '');
        return redirect(response, target.toString());
      }
      case '/sns/oauth2/access_token': {
        if (q('appid') !== config.appId) return error(response, 40013, 'invalid appid');
        if (q('secret') !== config.appSecret) return error(response, 40125, 'invalid appsecret');
        if (q('grant_type') !== 'authorization_code') {
          return error(response, 40002, 'invalid grant_type');
        }
        const redeemed = book.redeem(q('code') ?? '', null);
        if ('error' in redeemed) {
          return redeemed.error === 'used'
            ? error(response, 40163, 'code been used')
            : error(response, 40029, 'invalid code');
        }
        return sendJson(response, 200, {
          access_token: book.issueToken(redeemed.ok),
          expires_in: 7200,
          refresh_token: 'fake-refresh',
          openid: redeemed.ok.openid,
          scope: 'snsapi_login',
        });
      }
      case '/sns/auth':
      case '/sns/userinfo': {
        const user = book.userOfToken(q('access_token'));
        if (!user) return error(response, 40001, 'invalid credential, access_token is invalid');
        if (q('openid') !== user.openid) return error(response, 40003, 'invalid openid');
        if (url.pathname === '/sns/auth') return error(response, 0, 'ok');
        return sendJson(response, 200, {
          openid: user.openid,
          nickname: user.nickname,
          sex: 0,
          province: '',
          city: '',
          country: 'CN',
          headimgurl: user.avatar,
          privilege: [],
        });
      }
      default:
        return error(response, 40066, 'invalid url');
    }
  });

  config.apiBase = server.url;
  config.authorizeBase = server.url;
  return {
    url: server.url,
    config,
    env: {
      WECHAT_APP_ID: config.appId,
      WECHAT_APP_SECRET: config.appSecret,
      WECHAT_API_BASE: server.url,
      WECHAT_OPEN_BASE: server.url,
    },
    signInAs: (user) => book.signInAs(user),
    newUser: () => book.newUser('wx'),
    approve: followAuthorize,
    issueAccessToken: (user) => book.issueToken(user),
    calls,
    close: server.close,
  };
}
