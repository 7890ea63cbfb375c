import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

describe.each(testDatabases)('session tokens on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const me = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });

  it('refuses a token signed with the server secret for a live session when it has no exp', async () => {
    const user = await registerUser(t.app, 'noexp');
    expect((await me(user.token)).statusCode).toBe(200);
    const claims = decodeJwt(user.token);
    const forever = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .sign(t.config.jwtSecret);
    const refused = await me(forever);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: errorText.sessionExpired });
  });
});
