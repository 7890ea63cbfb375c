import type { ServerResponse } from 'node:http';
import type { OAuthProviderConfig } from '../../server/config.ts';
import { createGrantBook, followAuthorize } from './fake-oauth.ts';
import type { FakeSocialUser } from './fake-oauth.ts';
import { redirect, sendJson, startLoopbackServer } from './loopback.ts';

/**
 * A stand-in for QQ Connect on loopback, speaking its documented endpoints:
 * GET /oauth2.0/authorize (approves at once and redirects back), GET /oauth2.0/token,
 * GET /oauth2.0/me (JSON with fmt=json, JSONP otherwise, as the real one) and
 * GET /user/get_user_info, with QQ's error numbers.
 */
export interface FakeQq {
  url: string;
  config: OAuthProviderConfig;
  env: Record<string, string>;
  signInAs(user: FakeSocialUser): void;
  newUser(): FakeSocialUser;
  approve(authorizeUrl: string): Promise<URL>;
  issueAccessToken(user: FakeSocialUser, clientId?: string): string;
  calls: string[];
  close(): Promise<void>;
}

export async function startFakeQq(): Promise<FakeQq> {
  const config: OAuthProviderConfig = {
    appId: '101000001',
    appSecret: 'fake-qq-app-key',
    apiBase: '',
    authorizeBase: '',
  };
  const book = createGrantBook();
  /** Which app each token was issued to (/oauth2.0/me tells it as client_id). */
  const tokenApps = new Map<string, string>();
  const calls: string[] = [];

  const answer = (response: ServerResponse, json: boolean, body: Record<string, unknown>) => {
    if (json) return sendJson(response, 200, body);
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`callback( ${JSON.stringify(body)} );`);
  };
  const error = (response: ServerResponse, json: boolean, code: number, description: string) =>
    answer(response, json, { error: code, error_description: description });

  const server = await startLoopbackServer((_request, url, response) => {
    calls.push(url.pathname);
    const q = (name: string) => url.searchParams.get(name);
    const json = q('fmt') === 'json';
    switch (url.pathname) {
      case '/oauth2.0/authorize': {
        if (q('client_id') !== config.appId)
          return error(response, json, 100008, 'client_id error');
        if (q('response_type') !== 'code' || !q('redirect_uri') || !q('state')) {
          return error(response, json, 100001, 'param error');
        }
        const target = new URL(q('redirect_uri')!);
        const code = book.issueCode(q('redirect_uri')!, 'qq');
        target.searchParams.set('code', code);
        target.searchParams.set('state', q('state')!);
        return redirect(response, target.toString());
      }
      case '/oauth2.0/token': {
        if (q('grant_type') !== 'authorization_code') {
          return error(response, json, 100005, 'grant_type error');
        }
        if (q('client_id') !== config.appId)
          return error(response, json, 100008, 'client_id error');
        if (q('client_secret') !== config.appSecret) {
          return error(response, json, 100010, 'client secret error');
        }
        const redeemed = book.redeem(q('code') ?? '', q('redirect_uri'));
        if ('error' in redeemed) {
          if (redeemed.error === 'redirect') {
            return error(response, json, 100010, 'redirect uri is illegal');
          }
          return redeemed.error === 'used'
            ? error(response, json, 100020, 'code is reused error')
            : error(response, json, 100019, 'code to access token error');
        }
        const token = book.issueToken(redeemed.ok);
        tokenApps.set(token, config.appId);
        const body = { access_token: token, expires_in: '7776000', refresh_token: 'fake-refresh' };
        if (json) return sendJson(response, 200, body);
        response.writeHead(200, { 'content-type': 'text/plain' });
        return response.end(new URLSearchParams(body).toString());
      }
      case '/oauth2.0/me': {
        const user = book.userOfToken(q('access_token'));
        if (!user) return error(response, json, 100016, 'access token check failed');
        return answer(response, json, {
          client_id: tokenApps.get(q('access_token')!),
          openid: user.openid,
        });
      }
      case '/user/get_user_info': {
        const user = book.userOfToken(q('access_token'));
        if (!user || q('oauth_consumer_key') !== config.appId) {
          return sendJson(response, 200, { ret: 100016, msg: 'access token check failed' });
        }
        if (q('openid') !== user.openid) {
          return sendJson(response, 200, { ret: 1002, msg: 'openid is invalid' });
        }
        return sendJson(response, 200, {
          ret: 0,
          msg: '',
          nickname: user.nickname,
          figureurl: user.avatar,
          figureurl_qq_1: user.avatar,
          figureurl_qq_2: user.avatar,
          gender: '男',
        });
      }
      default:
        return error(response, json, 100000, 'unknown path');
    }
  });

  config.apiBase = server.url;
  config.authorizeBase = server.url;
  return {
    url: server.url,
    config,
    env: { QQ_APP_ID: config.appId, QQ_APP_KEY: config.appSecret, QQ_API_BASE: server.url },
    signInAs: (user) => book.signInAs(user),
    newUser: () => book.newUser('qq'),
    approve: followAuthorize,
    issueAccessToken(user, clientId = config.appId) {
      const token = book.issueToken(user);
      tokenApps.set(token, clientId);
      return token;
    },
    calls,
    close: server.close,
  };
}
