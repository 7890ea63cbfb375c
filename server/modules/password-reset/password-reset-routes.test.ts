import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import { startSmtpInbox } from '../../../tests/fakes/smtp-inbox.ts';
import type { SmtpInbox } from '../../../tests/fakes/smtp-inbox.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

const ORIGIN = 'http://127.0.0.1:8105';
const LINK = /http:\/\/127\.0\.0\.1:8105\/reset-password\/([A-Za-z0-9_-]{43})/;

let addressCounter = 0;
const freshAddress = () => {
  addressCounter += 1;
  return `10.1.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

describe.each(testDatabases)('password reset by e-mail on %s', (kind) => {
  let t: TestApp;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp(kind, {
      publicOrigin: ORIGIN,
      mail: { smtp: { url: inbox.url }, from: '氛围笔记 <no-reply@vibe.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const forgot = (email: string, ip = freshAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: ip,
    });
  const reset = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      payload: { password },
    });

  /** Asks for a reset and reads the token out of the message the SMTP server received. */
  async function mailedToken(email: string) {
    const before = inbox.received.length;
    const response = await forgot(email);
    expect(response.statusCode).toBe(200);
    const mail = await inbox.nextMail(email, before);
    const token = LINK.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    return { token: token!, mail };
  }

  it('mails a link through SMTP, sets the new password and ends every session', async () => {
    const user = await registerUser(t.app, 'reset');
    const email = `${user.user.username}@example.com`;
    const secondDevice = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.user.username, password: user.password },
    });

    const { token, mail } = await mailedToken(email);
    expect(mail.from).toBe('no-reply@vibe.test');
    expect(mail.subject).toBe('重置你的氛围笔记密码');
    expect(mail.text).toContain('30 分钟内');
    expect(mail.raw).toContain('text/html');

    const stored = await t.app.db.selectFrom('password_resets').selectAll().execute();
    expect(stored.every((row) => row.token_hash !== token && !row.token_hash.includes(token))).toBe(
      true,
    );

    const check = await t.app.inject({ url: `/api/auth/reset-password/${token}` });
    expect(check.statusCode).toBe(200);

    const done = await reset(token, 'brandnew123');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true });

    for (const token of [user.token, secondDevice.json().token]) {
      const me = await t.app.inject({
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(401);
    }
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.user.username, password: user.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.user.username, password: 'brandnew123' },
    });
    expect(newPassword.statusCode).toBe(200);

    const replay = await reset(token, 'another123');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: errorText.resetTokenUsed });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const known = await registerUser(t.app, 'known');
    const unknownAnswer = await forgot('nobody-here@example.com');
    expect(unknownAnswer.statusCode).toBe(200);
    expect(unknownAnswer.json()).toEqual({ success: true });
    // The known address's mail arrives; by then a mail to the unknown one would have too.
    const { token } = await mailedToken(`${known.user.username}@example.com`);
    expect(token).toBeDefined();
    expect(inbox.received.some((mail) => mail.to.includes('nobody-here@example.com'))).toBe(false);
  });

  it('refuses unknown, expired and superseded links with a clear 400', async () => {
    const user = await registerUser(t.app, 'stale');
    const email = `${user.user.username}@example.com`;
    const unknown = await reset('A'.repeat(43), 'brandnew123');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: errorText.resetTokenInvalid });
    const malformed = await reset('short', 'brandnew123');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: errorText.resetTokenInvalid });

    const first = await mailedToken(email);
    const second = await mailedToken(email);
    const superseded = await reset(first.token, 'brandnew123');
    expect(superseded.statusCode).toBe(400);
    expect(superseded.json()).toEqual({ error: errorText.resetTokenExpired });

    await t.app.db
      .updateTable('password_resets')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', Number(user.user.id))
      .execute();
    const expired = await t.app.inject({ url: `/api/auth/reset-password/${second.token}` });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ error: errorText.resetTokenExpired });

    const weak = await reset(second.token, 'weak');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ error: errorText.passwordInvalid });
  });

  it('limits reset mails per address asked for and per client, with Retry-After', async () => {
    const user = await registerUser(t.app, 'flood');
    const email = `${user.user.username}@example.com`;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await forgot(email)).statusCode).toBe(200);
    }
    const blocked = await forgot(email.toUpperCase());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/^重置邮件发送过于频繁，请 \d+ 分钟后再试$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3000);

    const ip = freshAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await forgot(`someone${attempt}@example.com`, ip)).statusCode).toBe(200);
    }
    const busy = await forgot('someone-else@example.com', ip);
    expect(busy.statusCode).toBe(429);

    const invalid = await forgot('not-an-email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ error: errorText.emailInvalid });
  });
});
