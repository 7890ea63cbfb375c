import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import type { SocialType } from '../../../contract/social.ts';
import { wordText } from '../../../contract/words.ts';
import type { FakeSocialUser } from '../../../tests/fakes/fake-oauth.ts';
import { startFakeQq } from '../../../tests/fakes/fake-qq.ts';
import type { FakeQq } from '../../../tests/fakes/fake-qq.ts';
import { startFakeWechat } from '../../../tests/fakes/fake-wechat.ts';
import type { FakeWechat } from '../../../tests/fakes/fake-wechat.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

const REDIRECT_BASE = 'http://127.0.0.1:8105';

describe.each(testDatabases)('WeChat and QQ sign-in on %s', (kind) => {
  let t: TestApp;
  let wechat: FakeWechat;
  let qq: FakeQq;
  const signedIn: number[] = [];

  beforeAll(async () => {
    [wechat, qq] = await Promise.all([startFakeWechat(), startFakeQq()]);
    t = await createTestApp(kind, {
      oauth: { redirectBase: REDIRECT_BASE, wechat: wechat.config, qq: qq.config },
    });
    t.app.domainEvents.on('user.signed-in', ({ userId }) => {
      signedIn.push(userId);
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([wechat.close(), qq.close()]);
  });

  const fakeOf = (type: SocialType) => (type === 'wechat' ? wechat : qq);

  const inject = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: { payload?: object; headers?: Record<string, string | undefined> } = {},
  ) =>
    t.app.inject({
      method,
      url,
      payload: options.payload,
      headers: Object.fromEntries(
        Object.entries(options.headers ?? {}).filter(([, value]) => value !== undefined),
      ) as Record<string, string>,
    });

  /** Starts a sign-in, lets the fake provider approve it, and returns what the callback got. */
  async function runProvider(
    type: SocialType,
    options: {
      purpose?: 'login' | 'bind';
      auth?: Record<string, string>;
      as?: FakeSocialUser;
    } = {},
  ) {
    const started = await inject(
      'GET',
      `/api/auth/oauth/${type}/authorize${options.purpose ? `?purpose=${options.purpose}` : ''}`,
      { headers: options.auth },
    );
    expect(started.statusCode).toBe(200);
    const cookie = String(started.headers['set-cookie']).split(';')[0]!;
    const { url, state } = started.json<{ url: string; state: string }>();
    if (options.as) fakeOf(type).signInAs(options.as);
    const callback = await fakeOf(type).approve(url);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${REDIRECT_BASE}/auth/${type}/callback`);
    expect(callback.searchParams.get('state')).toBe(state);
    return { code: callback.searchParams.get('code')!, state, cookie, url: new URL(url) };
  }

  const login = (type: SocialType, payload: object, cookie?: string) =>
    inject('POST', `/api/auth/login/${type}`, { payload, headers: { cookie } });

  it('tells which providers are configured', async () => {
    const response = await inject('GET', '/api/auth/oauth/providers');
    expect(response.json()).toEqual({ wechat: true, qq: true });
  });

  it('sends the browser to the documented WeChat QR page and QQ authorise page', async () => {
    const wx = await runProvider('wechat');
    expect(wx.url.pathname).toBe('/connect/qrconnect');
    expect(Object.fromEntries(wx.url.searchParams)).toMatchObject({
      appid: wechat.config.appId,
      redirect_uri: `${REDIRECT_BASE}/auth/wechat/callback`,
      response_type: 'code',
      scope: 'snsapi_login',
      state: wx.state,
    });
    expect(wx.url.hash).toBe('#wechat_redirect');

    const q = await runProvider('qq');
    expect(q.url.pathname).toBe('/oauth2.0/authorize');
    expect(Object.fromEntries(q.url.searchParams)).toMatchObject({
      client_id: qq.config.appId,
      redirect_uri: `${REDIRECT_BASE}/auth/qq/callback`,
      response_type: 'code',
      scope: 'get_user_info',
    });

    const started = await inject('GET', '/api/auth/oauth/wechat/authorize');
    expect(String(started.headers['set-cookie'])).toMatch(
      /^oauth_state_wechat=[\w-]+; Path=\/api\/auth; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    expect(started.headers['cache-control']).toBe('no-store');
  });

  describe.each(['wechat', 'qq'] as const)('%s', (type) => {
    it('creates an account for an unbound user, then signs that user in', async () => {
      const person = fakeOf(type).newUser();
      const first = await runProvider(type, { as: person });
      const unbound = await login(type, { code: first.code, state: first.state }, first.cookie);
      expect(unbound.statusCode).toBe(404);
      const body = unbound.json();
      expect(body.error).toBe(errorText.accountNotBound);
      expect(body.profile).toEqual({ nickname: person.nickname, avatar: person.avatar });
      expect(body.bindTicket.split('.')).toHaveLength(3);
      expect(unbound.body).not.toContain(person.openid);

      const created = await inject('POST', `/api/auth/register/${type}`, {
        payload: { bindTicket: body.bindTicket },
      });
      expect(created.statusCode).toBe(200);
      const account = created.json();
      expect(account.user).toMatchObject({
        username: person.nickname,
        avatar: person.avatar,
        hasPassword: false,
        email: null,
        phone: null,
      });
      expect(signedIn).toContain(Number(account.user.id));

      const again = await runProvider(type, { as: person });
      const signed = await login(type, { code: again.code, state: again.state }, again.cookie);
      expect(signed.statusCode).toBe(200);
      expect(signed.json().user.id).toBe(account.user.id);
      expect(String(signed.headers['set-cookie'])).toMatch(new RegExp(`^oauth_state_${type}=;`));

      const bindings = await inject('GET', '/api/auth/social', {
        headers: { authorization: `Bearer ${signed.json().token}` },
      });
      expect(bindings.json()[type]).toMatchObject({ nickname: person.nickname });
    });

    it('refuses a replayed state, a state without its cookie and a forged one', async () => {
      const person = fakeOf(type).newUser();
      const flow = await runProvider(type, { as: person });
      expect(
        (await login(type, { code: flow.code, state: flow.state }, flow.cookie)).statusCode,
      ).toBe(404);
      const replay = await login(type, { code: flow.code, state: flow.state }, flow.cookie);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({ error: errorText.oauthStateInvalid });

      // Login CSRF: the attacker's own code and state, in a browser without the matching cookie.
      const attacker = await runProvider(type);
      const victim = await runProvider(type);
      for (const cookie of [undefined, victim.cookie]) {
        const forced = await login(type, { code: attacker.code, state: attacker.state }, cookie);
        expect(forced.statusCode).toBe(401);
        expect(forced.json()).toEqual({ error: errorText.oauthStateInvalid });
      }

      const other = type === 'wechat' ? 'qq' : 'wechat';
      const crossed = await login(
        other,
        { code: victim.code, state: victim.state },
        victim.cookie.replace(type, other),
      );
      expect(crossed.statusCode).toBe(401);

      const forged = await login(
        type,
        { code: victim.code, state: `${victim.state.slice(0, -3)}abc` },
        victim.cookie,
      );
      expect(forged.statusCode).toBe(401);
    });

    it('answers 401 授权失败 when the provider refuses the code', async () => {
      const flow = await runProvider(type);
      const refused = await login(
        type,
        { code: 'not-a-real-code', state: flow.state },
        flow.cookie,
      );
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ error: errorText.oauthFailed });
      const missing = await login(type, { code: 'only-a-code' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ error: errorText.oauthParamsMissing });
    });

    it('accepts SPEC.md’s {openid, access_token} only when the provider confirms the token', async () => {
      const person = fakeOf(type).newUser();
      const token = fakeOf(type).issueAccessToken(person);
      const unbound = await login(type, { openid: person.openid, access_token: token });
      expect(unbound.statusCode).toBe(404);

      const created = await inject('POST', `/api/auth/register/${type}`, {
        payload: {
          openid: person.openid,
          access_token: token,
          userInfo: { nickname: 'ignored' },
          username: `${type}_spec_${Date.now() % 100000}`,
        },
      });
      expect(created.statusCode).toBe(200);
      expect(created.json().user.avatar).toBe(person.avatar);

      const signed = await login(type, { openid: person.openid, access_token: token });
      expect(signed.statusCode).toBe(200);
      expect(signed.json().user.id).toBe(created.json().user.id);

      const stranger = fakeOf(type).newUser();
      const strangersToken = fakeOf(type).issueAccessToken(stranger);
      const impersonation = await login(type, {
        openid: person.openid,
        access_token: strangersToken,
      });
      expect(impersonation.statusCode).toBe(401);
      expect(impersonation.json()).toEqual({ error: errorText.oauthFailed });
      const fakeToken = await login(type, { openid: person.openid, access_token: 'made-up' });
      expect(fakeToken.statusCode).toBe(401);
    });

    it('binds to a signed-in account with the ticket, once, and unbinds it', async () => {
      const user = await registerUser(t.app, `bind${type}`);
      const person = fakeOf(type).newUser();
      const flow = await runProvider(type, { as: person });
      const { bindTicket } = (
        await login(type, { code: flow.code, state: flow.state }, flow.cookie)
      ).json<{ bindTicket: string }>();

      const bound = await inject('POST', `/api/auth/social/${type}/bind`, {
        payload: { bindTicket },
        headers: user.auth,
      });
      expect(bound.statusCode).toBe(200);
      expect(bound.json()[type]).toMatchObject({
        nickname: person.nickname,
        avatar: person.avatar,
      });

      const next = await runProvider(type, { as: person });
      const signed = await login(type, { code: next.code, state: next.state }, next.cookie);
      expect(signed.json().user.id).toBe(user.user.id);

      const unbound = await inject('DELETE', `/api/auth/social/${type}`, { headers: user.auth });
      expect(unbound.statusCode).toBe(200);
      expect(unbound.json()[type]).toBeNull();
      const again = await inject('DELETE', `/api/auth/social/${type}`, { headers: user.auth });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: errorText.socialNotBound });

      // The ticket was spent by the first bind.
      const replay = await inject('POST', `/api/auth/social/${type}/bind`, {
        payload: { bindTicket },
        headers: user.auth,
      });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({ error: errorText.bindTicketInvalid });
    });

    it('binds from settings through a bind-purpose state of the same account only', async () => {
      const user = await registerUser(t.app, `set${type}`);
      const anonymous = await inject('GET', `/api/auth/oauth/${type}/authorize?purpose=bind`);
      expect(anonymous.statusCode).toBe(401);

      const stranger = await registerUser(t.app, `str${type}`);
      const theirs = await runProvider(type, { purpose: 'bind', auth: stranger.auth });
      const hijack = await inject('POST', `/api/auth/social/${type}/bind`, {
        payload: { code: theirs.code, state: theirs.state },
        headers: { ...user.auth, cookie: theirs.cookie },
      });
      expect(hijack.statusCode).toBe(400);
      expect(hijack.json()).toEqual({ error: errorText.oauthStateInvalid });

      const loginState = await runProvider(type);
      const wrongPurpose = await inject('POST', `/api/auth/social/${type}/bind`, {
        payload: { code: loginState.code, state: loginState.state },
        headers: { ...user.auth, cookie: loginState.cookie },
      });
      expect(wrongPurpose.statusCode).toBe(400);

      const person = fakeOf(type).newUser();
      const mine = await runProvider(type, { purpose: 'bind', auth: user.auth, as: person });
      const bound = await inject('POST', `/api/auth/social/${type}/bind`, {
        payload: { code: mine.code, state: mine.state },
        headers: { ...user.auth, cookie: mine.cookie },
      });
      expect(bound.statusCode).toBe(200);
      expect(bound.json()[type]).toMatchObject({ nickname: person.nickname });

      // The same provider account cannot go to a second user, nor a second one to this user.
      const other = await registerUser(t.app, `oth${type}`);
      const token = fakeOf(type).issueAccessToken(person);
      const ticket = (await login(type, { openid: person.openid, access_token: token })).json<{
        user: { id: string };
      }>();
      expect(ticket.user.id).toBe(user.user.id);
      const second = fakeOf(type).newUser();
      const secondFlow = await runProvider(type, { purpose: 'bind', auth: user.auth, as: second });
      const twice = await inject('POST', `/api/auth/social/${type}/bind`, {
        payload: { code: secondFlow.code, state: secondFlow.state },
        headers: { ...user.auth, cookie: secondFlow.cookie },
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ error: errorText.socialAlreadyBound });
      const taken = await runProvider(type, { purpose: 'bind', auth: other.auth, as: person });
      const stolen = await inject('POST', `/api/auth/social/${type}/bind`, {
        payload: { code: taken.code, state: taken.state },
        headers: { ...other.auth, cookie: taken.cookie },
      });
      expect(stolen.statusCode).toBe(409);
      expect(stolen.json()).toEqual({ error: errorText.socialBoundToOther });
    });

    it('keeps the only way into a social-only account', async () => {
      const person = fakeOf(type).newUser();
      const token = fakeOf(type).issueAccessToken(person);
      const created = await inject('POST', `/api/auth/register/${type}`, {
        payload: { openid: person.openid, access_token: token },
      });
      expect(created.statusCode).toBe(200);
      const auth = { authorization: `Bearer ${created.json().token}` };
      const refused = await inject('DELETE', `/api/auth/social/${type}`, { headers: auth });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: errorText.lastSignInMethod });
    });
  });

  it('derives a free username from the nickname, or a provider stem', async () => {
    const register = async (nickname: string) => {
      const person = { ...wechat.newUser(), nickname };
      const token = wechat.issueAccessToken(person);
      const response = await inject('POST', '/api/auth/register/wechat', {
        payload: { openid: person.openid, access_token: token },
      });
      expect(response.statusCode).toBe(200);
      return response.json().user.username as string;
    };
    expect(await register('小明 ✨')).toBe('小明');
    expect(await register('小明 ✨')).toMatch(/^小明_\d{4,5}$/);
    expect(await register('✨')).toBe('微信用户');
    // A nickname with a listed sensitive word falls back to the provider stem.
    expect(await register('六合彩大师')).toMatch(/^微信用户_\d{4,5}$/);
  });

  it('refuses a taken username without spending the ticket', async () => {
    const existing = await registerUser(t.app, 'namefight');
    const flow = await runProvider('wechat');
    const { bindTicket } = (
      await login('wechat', { code: flow.code, state: flow.state }, flow.cookie)
    ).json<{ bindTicket: string }>();
    const taken = await inject('POST', '/api/auth/register/wechat', {
      payload: { bindTicket, username: existing.user.username },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: errorText.usernameTaken });
    const refused = await inject('POST', '/api/auth/register/wechat', {
      payload: { bindTicket, username: '冰毒_sale' },
    });
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: wordText.contentRefused }]);
    const created = await inject('POST', '/api/auth/register/wechat', {
      payload: { bindTicket, username: `ok_${Date.now() % 100000}` },
    });
    expect(created.statusCode).toBe(200);
    const expired = await inject('POST', '/api/auth/register/qq', { payload: { bindTicket } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: errorText.bindTicketInvalid });
  });

  it('refuses a QQ token issued to another app', async () => {
    const person = qq.newUser();
    const token = qq.issueAccessToken(person, '999999');
    const response = await login('qq', { openid: person.openid, access_token: token });
    expect(response.statusCode).toBe(401);
  });
});

describe('social sign-in without configuration or provider', () => {
  it('says the method is not configured instead of failing', async () => {
    const t = await createTestApp('sqlite');
    try {
      expect((await t.app.inject({ url: '/api/auth/oauth/providers' })).json()).toEqual({
        wechat: false,
        qq: false,
      });
      const authorize = await t.app.inject({ url: '/api/auth/oauth/wechat/authorize' });
      expect(authorize.statusCode).toBe(503);
      expect(authorize.json()).toEqual({ error: errorText.wechatNotConfigured });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/qq',
        payload: { code: 'x', state: 'y' },
      });
      expect(login.statusCode).toBe(503);
      expect(login.json()).toEqual({ error: errorText.qqNotConfigured });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/weibo',
        payload: { code: 'x', state: 'y' },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ error: errorText.socialTypeInvalid });
    } finally {
      await t.close();
    }
  });

  it('answers 502 when the provider cannot be reached', async () => {
    const unreachable = {
      appId: 'wx-app',
      appSecret: 'secret',
      apiBase: 'http://127.0.0.1:9',
      authorizeBase: 'http://127.0.0.1:9',
    };
    const t = await createTestApp('sqlite', {
      oauth: { redirectBase: REDIRECT_BASE, wechat: unreachable, qq: null },
    });
    try {
      const started = await t.app.inject({ url: '/api/auth/oauth/wechat/authorize' });
      const cookie = String(started.headers['set-cookie']).split(';')[0]!;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/wechat',
        payload: { code: 'any', state: started.json().state },
        headers: { cookie },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: errorText.oauthUnavailable });
    } finally {
      await t.close();
    }
  });
});
