import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { LOGIN_LIMITS } from './attempt-limiter.ts';

const PARALLEL = 40;

describe.each(testDatabases)('sign-in limits on %s', (kind) => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const login = async (username: string, password: string, ip = '127.0.0.1') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress: ip,
    });
    return { status: response.statusCode, body: response.json<{ error?: string }>() };
  };

  it(`checks only ${LOGIN_LIMITS.maxPerKey} of ${PARALLEL} parallel guesses, so the right password sent last is refused`, async () => {
    const user = await registerUser(t.app, 'race');
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, async (_, index) => {
        const password = index === PARALLEL - 1 ? user.password : `wrong-${index}`;
        const response = await fetch(`${origin}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: user.user.username, password }),
        });
        return response.status;
      }),
    );
    expect(answers.filter((status) => status === 401)).toHaveLength(LOGIN_LIMITS.maxPerKey);
    expect(answers.filter((status) => status === 429)).toHaveLength(
      PARALLEL - LOGIN_LIMITS.maxPerKey,
    );
    expect(answers.at(-1)).toBe(429);
  });

  it('counts guesses per account whether the username or the e-mail was typed', async () => {
    const user = await registerUser(t.app, 'twonames');
    const email = `${user.user.username}@example.com`;
    const ip = '10.20.0.1';
    for (let attempt = 0; attempt < LOGIN_LIMITS.maxPerKey; attempt += 1) {
      const name = attempt % 2 === 0 ? user.user.username : email.toUpperCase();
      expect((await login(name, `guess-${attempt}`, `10.20.0.${attempt + 1}`)).status).toBe(401);
    }
    for (const name of [user.user.username, email]) {
      const blocked = await login(name, user.password, ip);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
    }
  });

  it('forgives earlier failures after a success, and a success does not use up the address', async () => {
    const user = await registerUser(t.app, 'forgive');
    const ip = '10.21.0.1';
    for (let attempt = 0; attempt < LOGIN_LIMITS.maxPerKey - 1; attempt += 1) {
      expect((await login(user.user.username, 'guess-again', ip)).status).toBe(401);
    }
    expect((await login(user.user.username, user.password, ip)).status).toBe(200);
    for (let attempt = 0; attempt < LOGIN_LIMITS.maxPerKey - 1; attempt += 1) {
      expect((await login(user.user.username, 'guess-again', ip)).status).toBe(401);
    }
    // The address has spent 8 failures and 1 success: far from its limit either way.
    expect((await login(user.user.username, user.password, ip)).status).toBe(200);
  });

  it('limits an unknown name by what was typed and by address', async () => {
    const ip = '10.22.0.1';
    for (let attempt = 0; attempt < LOGIN_LIMITS.maxPerKey; attempt += 1) {
      expect((await login('nobody_at_all', 'abc12345', `10.22.1.${attempt}`)).status).toBe(404);
    }
    expect((await login('NOBODY_AT_ALL', 'abc12345', ip)).status).toBe(429);
    expect((await login('somebody_else', 'abc12345', ip)).status).toBe(404);

    const busy = '10.23.0.1';
    for (let attempt = 0; attempt < LOGIN_LIMITS.maxPerAddress; attempt += 1) {
      expect((await login(`ghost_${attempt}`, 'abc12345', busy)).status).toBe(404);
    }
    expect((await login('ghost_last', 'abc12345', busy)).status).toBe(429);
  });
});
