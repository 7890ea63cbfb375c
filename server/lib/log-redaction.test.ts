import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAliyunSms } from '../../tests/fakes/fake-aliyun-sms.ts';
import type { FakeAliyunSms } from '../../tests/fakes/fake-aliyun-sms.ts';
import { startFakeWechat } from '../../tests/fakes/fake-wechat.ts';
import type { FakeWechat } from '../../tests/fakes/fake-wechat.ts';
import { startSmtpInbox } from '../../tests/fakes/smtp-inbox.ts';
import type { SmtpInbox } from '../../tests/fakes/smtp-inbox.ts';
import { createTestApp, registerUser, testDatabases } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { issueTicket, openStream } from '../../tests/helpers/stream-client.ts';
import { REDACTED, scrubSecrets } from './log-redaction.ts';

describe('scrubSecrets', () => {
  it('masks reset tokens in paths and secret query parameters, and keeps the rest', () => {
    expect(scrubSecrets('/api/auth/reset-password/abcDEF_123-x?x=1')).toBe(
      `/api/auth/reset-password/${REDACTED}?x=1`,
    );
    expect(scrubSecrets('Route GET:/reset-password/tok3n not found')).toBe(
      `Route GET:/reset-password/${REDACTED} not found`,
    );
    expect(scrubSecrets('/auth/wechat/callback?code=C0DE&state=eyJ.a.b&lang=cn')).toBe(
      `/auth/wechat/callback?code=${REDACTED}&state=${REDACTED}&lang=cn`,
    );
    expect(scrubSecrets('/api/events?lastEventId=7&ticket=t1ck3t')).toBe(
      `/api/events?lastEventId=7&ticket=${REDACTED}`,
    );
    expect(scrubSecrets('sent Bearer eyJhbGci.eyJzdWIi.sig to x')).toBe(
      `sent Bearer ${REDACTED} to x`,
    );
    expect(scrubSecrets('/api/posts?search=code&page=2')).toBe('/api/posts?search=code&page=2');
  });
});

describe.each(testDatabases)('log lines of a real app on %s', (kind) => {
  const lines: string[] = [];
  let t: TestApp;
  let inbox: SmtpInbox;
  let wechat: FakeWechat;
  let sms: FakeAliyunSms;
  let origin: string;

  beforeAll(async () => {
    [inbox, wechat, sms] = await Promise.all([
      startSmtpInbox(),
      startFakeWechat(),
      startFakeAliyunSms(),
    ]);
    t = await createTestApp(
      kind,
      {
        logLevel: 'trace',
        mail: { smtp: { url: inbox.url }, from: '氛围笔记 <no-reply@vibe.test>' },
        oauth: { redirectBase: 'http://127.0.0.1:8105', wechat: wechat.config, qq: null },
        sms: sms.config,
      },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([inbox.close(), wechat.close(), sms.close()]);
  });

  const send = async (method: string, path: string, body?: object, headers = {}) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { ...(body && { 'content-type': 'application/json' }), ...headers },
      body: body && JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response;
  };

  /** Asserts the secret was used in requests that were logged, yet appears in no line. */
  function expectNeverLogged(secret: string, path: string) {
    expect(secret.length).toBeGreaterThan(5);
    const log = lines.join('');
    expect(log).toContain(path);
    expect(log).not.toContain(secret);
    expect(log).not.toContain(encodeURIComponent(secret));
  }

  it('never writes a reset token during a password reset (API and page URLs)', async () => {
    const user = await registerUser(t.app, 'logreset');
    const before = inbox.received.length;
    expect(
      (
        await send('POST', '/api/auth/forgot-password', {
          email: `${user.user.username}@example.com`,
        })
      ).status,
    ).toBe(200);
    const mail = await inbox.nextMail(`${user.user.username}@example.com`, before);
    const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    // The page the mail links to (not built in tests, but logged as any request is).
    await send('GET', `/reset-password/${token}`);
    expect((await send('GET', `/api/auth/reset-password/${token}`)).status).toBe(200);
    const reset = await send('POST', `/api/auth/reset-password/${token}`, {
      password: 'fresh12345',
    });
    expect(reset.status).toBe(200);
    expectNeverLogged(token, `/api/auth/reset-password/${REDACTED}`);
    expect(lines.join('')).toContain(`"url":"/reset-password/${REDACTED}"`);
  });

  it('never writes an SSE ticket or a session token', async () => {
    const user = await registerUser(t.app, 'logticket');
    const ticket = await issueTicket(origin, user.token);
    const stream = await openStream(origin, ticket);
    expect(stream.status).toBe(200);
    await stream.next('unread');
    stream.close();
    await send('GET', '/api/auth/me', undefined, user.auth);
    expectNeverLogged(ticket, `/api/events?ticket=${REDACTED}`);
    expectNeverLogged(user.token, '/api/auth/me');
  });

  it('never writes an OAuth code, state or state cookie', async () => {
    const started = await fetch(`${origin}/api/auth/oauth/wechat/authorize`);
    const cookie = started.headers.get('set-cookie')!.split(';')[0]!;
    const { url } = (await started.json()) as { url: string };
    const callback = await wechat.approve(url);
    const code = callback.searchParams.get('code')!;
    const state = callback.searchParams.get('state')!;
    await send('GET', `${callback.pathname}${callback.search}`);
    const login = await send('POST', '/api/auth/login/wechat', { code, state }, { cookie });
    expect([200, 404]).toContain(login.status);
    expectNeverLogged(code, `/auth/wechat/callback?code=${REDACTED}&state=${REDACTED}`);
    expectNeverLogged(state, '/api/auth/login/wechat');
    expectNeverLogged(cookie.split('=')[1]!, '/api/auth/login/wechat');
  });

  it('scrubs secrets from any message, error and logged object', () => {
    t.app.log.warn('retrying /api/auth/reset-password/SECRETmsg1 for Bearer SECRETmsg2');
    t.app.log.error({ err: new Error('GET /api/events?ticket=SECRETerr1 failed') }, 'oops');
    t.app.log.info({
      req: { headers: { authorization: 'Bearer SECRETobj1', cookie: 'a=SECRETobj2' } },
    });
    t.app.log.info({ body: { password: 'SECRETobj3', token: 'SECRETobj4', ticket: 'SECRETobj5' } });
    const log = lines.join('');
    expect(log).toContain('retrying /api/auth/reset-password/');
    expect(log).not.toMatch(/SECRET/);
  });

  it('never writes an SMS verification code sent through a real provider', async () => {
    const phone = `1350000${String(Date.now() % 1e4).padStart(4, '0')}`;
    expect(
      (await send('POST', '/api/auth/verification-code', { phone, type: 'register' })).status,
    ).toBe(200);
    const code = sms.lastCode(phone)!;
    const registered = await send('POST', '/api/auth/register/phone', {
      username: `日志${phone.slice(-4)}`,
      phone,
      verificationCode: code,
      password: 'abc12345',
    });
    expect(registered.status).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/api/auth/register/phone');
    expect(log).not.toMatch(new RegExp(`\\b${code}\\b`));
  });
});
