import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import { DEFAULT_SETTINGS } from '../../../contract/settings.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { createUserRepository } from '../users/user-repository.ts';

describe.each(testDatabases)('settings on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const me = (token: string) =>
    t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  const put = (url: string, payload: object, headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url, payload, headers });
  const loginWith = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

  it('changes the password with the old one and signs out the other devices only', async () => {
    const user = await registerUser(t.app, 'pw');
    const other = (await loginWith(user.user.username, user.password)).json().token as string;

    const missing = await put('/api/auth/password', { newPassword: 'fresh12345' }, user.auth);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: errorText.oldPasswordRequired });
    const wrong = await put(
      '/api/auth/password',
      { oldPassword: 'wrong12345', newPassword: 'fresh12345' },
      user.auth,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: errorText.oldPasswordWrong });
    const weak = await put(
      '/api/auth/password',
      { oldPassword: user.password, newPassword: 'weak' },
      user.auth,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ error: errorText.passwordInvalid });

    const changed = await put(
      '/api/auth/password',
      { oldPassword: user.password, newPassword: 'fresh12345' },
      user.auth,
    );
    expect(changed.statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await loginWith(user.user.username, user.password)).statusCode).toBe(401);
    expect((await loginWith(user.user.username, 'fresh12345')).statusCode).toBe(200);
  });

  it('holds back guessing the old password from a signed-in session', async () => {
    const user = await registerUser(t.app, 'guess');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const guess = await put(
        '/api/auth/password',
        { oldPassword: `guess${attempt}abc`, newPassword: 'fresh12345' },
        user.auth,
      );
      expect(guess.statusCode).toBe(400);
    }
    const blocked = await put(
      '/api/auth/password',
      { oldPassword: user.password, newPassword: 'fresh12345' },
      user.auth,
    );
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets an account without a password set its first one', async () => {
    const row = await createUserRepository(t.app.db).insert({
      username: `social_${Date.now() % 1e6}`,
    });
    const session = await t.app.services.issueSession(row, { ip: '127.0.0.1', userAgent: null });
    expect(session.user.hasPassword).toBe(false);
    const auth = { authorization: `Bearer ${session.token}` };
    const set = await put('/api/auth/password', { newPassword: 'first12345' }, auth);
    expect(set.statusCode).toBe(200);
    expect((await me(session.token)).json().hasPassword).toBe(true);
    expect((await loginWith(row.username, 'first12345')).statusCode).toBe(200);
  });

  it('stores notification preferences and theme and returns them with /me', async () => {
    const user = await registerUser(t.app, 'prefs');
    expect((await me(user.token)).json().settings).toEqual(DEFAULT_SETTINGS);

    const dark = await put('/api/auth/settings', { theme: 'dark' }, user.auth);
    expect(dark.statusCode).toBe(200);
    expect(dark.json()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });

    const quiet = await put(
      '/api/auth/settings',
      { notifications: { like: false, follow: false } },
      user.auth,
    );
    expect(quiet.json()).toEqual({
      theme: 'dark',
      notifications: { like: false, comment: true, follow: false, message: true, system: true },
      push: DEFAULT_SETTINGS.push,
    });
    expect((await me(user.token)).json().settings).toEqual(quiet.json());

    const badTheme = await put('/api/auth/settings', { theme: 'blue' }, user.auth);
    expect(badTheme.statusCode).toBe(400);
    expect(badTheme.json()).toEqual({ error: errorText.themeInvalid });
    const badSwitch = await put('/api/auth/settings', { notifications: { like: 'no' } }, user.auth);
    expect(badSwitch.statusCode).toBe(400);
    expect(badSwitch.json()).toEqual({ error: errorText.settingsInvalid });
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/settings',
      payload: { theme: 'dark' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('logs out of every device', async () => {
    const user = await registerUser(t.app, 'all');
    const other = (await loginWith(user.user.username, user.password)).json().token as string;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: user.auth,
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
  });
});
