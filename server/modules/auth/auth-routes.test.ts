import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

describe.each(testDatabases)('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('registers a user and answers with a token and a complete user', async () => {
    const response = await post('/api/auth/register', {
      username: '新用户_1',
      email: 'New.User@Example.com',
      password: 'abc12345',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({
      username: '新用户_1',
      email: 'new.user@example.com',
      avatar: '/images/default_head.png',
      isAdmin: false,
      isPremium: false,
      premiumEndDate: null,
      atmosphereValue: 0,
    });
    expect(body.user._id).toBe(body.user.id);
    // No password field and no hash material (`hasPassword` is a flag the settings page needs).
    expect(response.body).not.toMatch(/"password"|hash"|argon/i);
  });

  it('refuses a taken username or e-mail with 409 and keeps the first account', async () => {
    const first = await registerUser(t.app, 'taken');
    const sameName = await post('/api/auth/register', {
      username: first.user.username,
      email: 'other@example.com',
      password: 'abc12345',
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ error: errorText.usernameTaken });
    const sameEmail = await post('/api/auth/register', {
      username: 'another_name',
      email: `${first.user.username}@EXAMPLE.com`,
      password: 'abc12345',
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ error: errorText.emailTaken });
    const login = await post('/api/auth/login', {
      username: first.user.username,
      password: first.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    [{ username: 'a', email: 'a@b.cn', password: 'abc12345' }, errorText.usernameInvalid],
    [{ username: 'bad name!', email: 'a@b.cn', password: 'abc12345' }, errorText.usernameInvalid],
    [
      { username: 'valid_name', email: 'not-an-email', password: 'abc12345' },
      errorText.emailInvalid,
    ],
    [{ username: 'valid_name', email: 'a@b.cn', password: 'short1' }, errorText.passwordInvalid],
    [
      { username: 'valid_name', email: 'a@b.cn', password: 'onlyletters' },
      errorText.passwordInvalid,
    ],
    [{ username: 12345, email: 'a@b.cn', password: 'abc12345' }, errorText.usernameInvalid],
    [{ email: 'a@b.cn', password: 'abc12345' }, errorText.usernameInvalid],
    [{}, errorText.usernameInvalid],
  ])('rejects registration %j with a Chinese 400', async (payload, message) => {
    const response = await post('/api/auth/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it('answers malformed JSON, a wrong content type and an oversized body with 4xx', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: errorText.invalidJson });

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<username>a</username>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({ error: errorText.unsupportedMediaType });

    const huge = await post('/api/auth/register', {
      username: 'huge_body',
      email: 'huge@example.com',
      password: 'abc12345',
      padding: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: errorText.bodyTooLarge });
  });

  it('logs in by username or e-mail; wrong password is 401, unknown user 404', async () => {
    const user = await registerUser(t.app, 'login');
    const byName = await post('/api/auth/login', {
      username: user.user.username,
      password: user.password,
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().user.username).toBe(user.user.username);

    const byEmail = await post('/api/auth/login', {
      username: `${user.user.username}@example.com`.toUpperCase(),
      password: user.password,
    });
    expect(byEmail.statusCode).toBe(200);

    const wrong = await post('/api/auth/login', {
      username: user.user.username,
      password: 'nope12345',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: errorText.wrongPassword });

    const unknown = await post('/api/auth/login', {
      username: 'nobody_here',
      password: 'abc12345',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: errorText.userNotFound });

    const empty = await post('/api/auth/login', { username: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: errorText.loginNeedsCredentials });
  });

  it('limits failed logins per account with a 429 that says how long to wait', async () => {
    const user = await registerUser(t.app, 'brute');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post('/api/auth/login', {
        username: user.user.username,
        password: 'guess12345',
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', {
      username: user.user.username,
      password: user.password,
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
  });

  it('returns the signed-in user from /me and nobody without a valid token', async () => {
    const user = await registerUser(t.app, 'me');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: user.user.id,
      username: user.user.username,
      postsCount: 0,
    });

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: errorText.loginRequired });

    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${user.token.slice(0, -4)}abcd` },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: errorText.sessionExpired });
  });

  it('updates the profile, ignores privileged fields and validates each field', async () => {
    const user = await registerUser(t.app, 'upd');
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: user.auth,
      payload: {
        bio: '喜欢用 AI 写代码',
        isAdmin: true,
        atmosphereValue: 999,
        avatar: '/api/uploads/a.png',
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      bio: '喜欢用 AI 写代码',
      isAdmin: false,
      atmosphereValue: 0,
      avatar: '/api/uploads/a.png',
    });

    const badBio = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: user.auth,
      payload: { bio: '长'.repeat(201) },
    });
    expect(badBio.statusCode).toBe(400);
    expect(badBio.json()).toEqual({ error: errorText.bioTooLong });

    const badAvatar = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: user.auth,
      payload: { avatar: 'javascript:alert(1)' },
    });
    expect(badAvatar.statusCode).toBe(400);
    expect(badAvatar.json()).toEqual({ error: errorText.avatarInvalid });

    const other = await registerUser(t.app, 'upd2');
    const takenName = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: user.auth,
      payload: { username: other.user.username },
    });
    expect(takenName.statusCode).toBe(409);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth });
    expect(after.json().username).toBe(user.user.username);
  });

  it('tells the domain events about every sign-in (the daily login bonus)', async () => {
    const signedIn: number[] = [];
    t.app.domainEvents.on('user.signed-in', ({ userId }) => {
      signedIn.push(userId);
    });
    const user = await registerUser(t.app, 'event');
    const login = await post('/api/auth/login', {
      username: user.user.username,
      password: user.password,
    });
    expect(login.statusCode).toBe(200);
    expect(signedIn).toEqual([Number(user.user.id), Number(user.user.id)]);
  });

  it('revokes the session on logout', async () => {
    const user = await registerUser(t.app, 'out');
    const other = await post('/api/auth/login', {
      username: user.user.username,
      password: user.password,
    });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: user.auth,
    });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth });
    expect(after.statusCode).toBe(401);
    // Only that session ends: a second device stays signed in.
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${other.json().token}` },
    });
    expect(second.statusCode).toBe(200);
  });

  it('shows another user without contact details, and 404 for an unknown one', async () => {
    const user = await registerUser(t.app, 'pub');
    const viewer = await registerUser(t.app, 'viewer');
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/auth/users/${user.user.id}`,
      headers: viewer.auth,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ _id: user.user.id, username: user.user.username });
    expect(shown.json()).not.toHaveProperty('email');

    const missing = await t.app.inject({ method: 'GET', url: '/api/auth/users/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: errorText.userNotFound });
    const invalid = await t.app.inject({ method: 'GET', url: '/api/auth/users/undefined' });
    expect(invalid.statusCode).toBe(400);
  });

  it('echoes the request id and answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'x-request-id': 'req-123' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-request-id']).toBe('req-123');
    expect(response.json()).toEqual({ error: errorText.apiNotFound });
    const generated = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
