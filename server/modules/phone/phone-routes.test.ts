import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import { wordText } from '../../../contract/words.ts';
import { startFakeAliyunSms } from '../../../tests/fakes/fake-aliyun-sms.ts';
import type { FakeAliyunSms } from '../../../tests/fakes/fake-aliyun-sms.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { chinaDayStart, CODE_DAILY_LIMITS, codeResendKey } from './verification-codes.ts';

let phoneCounter = 0;
/** A fresh mainland number per call, so tests never share a phone. */
const freshPhone = () => {
  phoneCounter += 1;
  return `139${String(Date.now() % 1e4).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
};
let addressCounter = 0;
/** Each test speaks from its own address so the per-address daily cap stays its own. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

describe.each(testDatabases)('phone sign-in on %s', (kind) => {
  let t: TestApp;
  let sms: FakeAliyunSms;
  const signedIn: number[] = [];

  beforeAll(async () => {
    sms = await startFakeAliyunSms();
    t = await createTestApp(kind, { sms: sms.config });
    t.app.domainEvents.on('user.signed-in', ({ userId }) => {
      signedIn.push(userId);
    });
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });

  const call = (
    method: 'POST' | 'PUT',
    url: string,
    payload: object,
    options: { ip?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: options.headers,
      remoteAddress: options.ip ?? '127.0.0.1',
    });

  async function sendCode(phone: string, type: string, ip: string, headers = {}) {
    const response = await call(
      'POST',
      '/api/auth/verification-code',
      { phone, type },
      { ip, headers },
    );
    return { response, code: sms.lastCode(phone) };
  }

  /**
   * Moves the phone's codes back in time and forgets its last send, as if a minute had passed,
   * so the once-a-minute rule lets another one out.
   */
  const ageCodes = async (phone: string, byMs: number) => {
    await t.app.db
      .updateTable('verification_codes')
      .set((eb) => ({ created_at: eb('created_at', '-', byMs) }))
      .where('phone', '=', phone)
      .execute();
    await t.app.attempts.clear(codeResendKey(phone));
  };

  async function registerByPhone(ip = freshAddress()) {
    const phone = freshPhone();
    const { code } = await sendCode(phone, 'register', ip);
    const username = `手机用户${phoneCounter}`;
    const response = await call(
      'POST',
      '/api/auth/register/phone',
      { username, phone, verificationCode: code, password: 'abc12345' },
      { ip },
    );
    expect(response.statusCode).toBe(200);
    return { phone, username, body: response.json() };
  }

  it('refuses a username with a listed sensitive word before spending the code', async () => {
    const ip = freshAddress();
    const phone = freshPhone();
    const { code } = await sendCode(phone, 'register', ip);
    const payload = { phone, verificationCode: code, password: 'abc12345' };
    const refused = await call(
      'POST',
      '/api/auth/register/phone',
      { ...payload, username: '冰毒_sale' },
      { ip },
    );
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: wordText.contentRefused }]);
    const accepted = await call(
      'POST',
      '/api/auth/register/phone',
      { ...payload, username: `干净名字${phoneCounter}` },
      { ip },
    );
    expect(accepted.statusCode).toBe(200);
  });

  it('registers by phone with the code the SMS provider delivered, then logs in by phone', async () => {
    const ip = freshAddress();
    const phone = freshPhone();
    const sent = await sendCode(phone, 'register', ip);
    expect(sent.response.statusCode).toBe(200);
    // The code travels only through the provider, never in the answer.
    expect(sent.response.json()).toEqual({ success: true, delivery: 'sms' });
    expect(sent.code).toMatch(/^\d{6}$/);
    expect(sent.response.body).not.toContain(sent.code);

    const registered = await call(
      'POST',
      '/api/auth/register/phone',
      { username: '手机新人', phone, verificationCode: sent.code, password: 'abc12345' },
      { ip },
    );
    expect(registered.statusCode).toBe(200);
    const body = registered.json();
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({
      username: '手机新人',
      phone,
      email: null,
      hasPassword: true,
      settings: { theme: 'system', notifications: { like: true, message: true } },
    });
    expect(signedIn).toContain(Number(body.user.id));

    await ageCodes(phone, 2 * 60 * 1000);
    const loginCode = await sendCode(phone, 'login', ip);
    expect(loginCode.response.statusCode).toBe(200);
    const login = await call(
      'POST',
      '/api/auth/login/phone',
      { phone, verificationCode: loginCode.code },
      { ip },
    );
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(body.user.id);

    // The password set at registration works too.
    const byPassword = await call('POST', '/api/auth/login', {
      username: '手机新人',
      password: 'abc12345',
    });
    expect(byPassword.statusCode).toBe(200);
  });

  it('stores only a keyed hash of the code', async () => {
    const phone = freshPhone();
    const { code } = await sendCode(phone, 'register', freshAddress());
    const rows = await t.app.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('phone', '=', phone)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.expires_at - rows[0]!.created_at).toBe(5 * 60 * 1000);
  });

  it('refuses a used code (replay) and an expired one', async () => {
    const ip = freshAddress();
    const { phone } = await registerByPhone(ip);
    await ageCodes(phone, 2 * 60 * 1000);
    const { code } = await sendCode(phone, 'login', ip);
    const first = await call(
      'POST',
      '/api/auth/login/phone',
      { phone, verificationCode: code },
      { ip },
    );
    expect(first.statusCode).toBe(200);
    const replay = await call(
      'POST',
      '/api/auth/login/phone',
      { phone, verificationCode: code },
      { ip },
    );
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: errorText.codeExpired });

    await ageCodes(phone, 2 * 60 * 1000);
    const fresh = await sendCode(phone, 'login', ip);
    await t.app.db
      .updateTable('verification_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('phone', '=', phone)
      .execute();
    const expired = await call(
      'POST',
      '/api/auth/login/phone',
      { phone, verificationCode: fresh.code },
      { ip },
    );
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: errorText.codeExpired });
  });

  it('kills a code after 5 wrong guesses', async () => {
    const ip = freshAddress();
    const phone = freshPhone();
    const { code } = await sendCode(phone, 'register', ip);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const guess = await call(
        'POST',
        '/api/auth/register/phone',
        { username: `猜码者${phoneCounter}`, phone, verificationCode: wrong, password: 'abc12345' },
        { ip },
      );
      expect(guess.statusCode).toBe(400);
      expect(guess.json()).toEqual({ error: errorText.codeWrong });
    }
    const right = await call(
      'POST',
      '/api/auth/register/phone',
      { username: `猜码者${phoneCounter}`, phone, verificationCode: code, password: 'abc12345' },
      { ip },
    );
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ error: errorText.codeExpired });
  });

  it('answers wrong login codes with 401 and then holds the phone back with a 429', async () => {
    const ip = freshAddress();
    const { phone } = await registerByPhone(ip);
    await ageCodes(phone, 2 * 60 * 1000);
    const { code } = await sendCode(phone, 'login', ip);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const guess = await call(
        'POST',
        '/api/auth/login/phone',
        { phone, verificationCode: wrong },
        { ip },
      );
      expect(guess.statusCode).toBe(401);
      expect(guess.json()).toEqual({ error: errorText.codeWrong });
    }
    const blocked = await call(
      'POST',
      '/api/auth/login/phone',
      { phone, verificationCode: code },
      { ip },
    );
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
  });

  it('accepts only the latest code of a phone', async () => {
    const ip = freshAddress();
    const phone = freshPhone();
    const first = await sendCode(phone, 'register', ip);
    await ageCodes(phone, 2 * 60 * 1000);
    const second = await sendCode(phone, 'register', ip);
    expect(second.code).not.toBeUndefined();
    if (first.code !== second.code) {
      const old = await call(
        'POST',
        '/api/auth/register/phone',
        {
          username: `新旧码${phoneCounter}`,
          phone,
          verificationCode: first.code,
          password: 'abc12345',
        },
        { ip },
      );
      expect(old.statusCode).toBe(400);
    }
    const latest = await call(
      'POST',
      '/api/auth/register/phone',
      {
        username: `新旧码${phoneCounter}`,
        phone,
        verificationCode: second.code,
        password: 'abc12345',
      },
      { ip },
    );
    expect(latest.statusCode).toBe(200);
  });

  it('sends at most one code a minute per phone, with the wait in the message and Retry-After', async () => {
    const ip = freshAddress();
    const phone = freshPhone();
    expect((await sendCode(phone, 'register', ip)).response.statusCode).toBe(200);
    const again = await sendCode(phone, 'register', freshAddress());
    expect(again.response.statusCode).toBe(429);
    const wait = Number(again.response.headers['retry-after']);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect(again.response.json().error).toBe(`验证码发送过于频繁，请 ${wait} 秒后再试`);
  });

  it('caps codes per phone and per address each day', async () => {
    const phone = freshPhone();
    for (let sent = 0; sent < CODE_DAILY_LIMITS.perPhone; sent += 1) {
      expect((await sendCode(phone, 'register', freshAddress())).response.statusCode).toBe(200);
      await ageCodes(phone, 2 * 60 * 1000);
    }
    const perPhone = await sendCode(phone, 'register', freshAddress());
    expect(perPhone.response.statusCode).toBe(429);
    expect(perPhone.response.json().error).toMatch(
      /^今日验证码发送次数已达上限，请 \d+ 小时后再试$/,
    );
    const until = Number(perPhone.response.headers['retry-after']);
    expect(until).toBeGreaterThan(0);
    expect(until).toBeLessThanOrEqual(24 * 3600);
    expect(until).toBeLessThanOrEqual(
      (chinaDayStart(Date.now()) + 24 * 3600 * 1000 - Date.now()) / 1000 + 1,
    );

    const busyAddress = freshAddress();
    for (let sent = 0; sent < CODE_DAILY_LIMITS.perAddress; sent += 1) {
      expect((await sendCode(freshPhone(), 'register', busyAddress)).response.statusCode).toBe(200);
    }
    const perAddress = await sendCode(freshPhone(), 'register', busyAddress);
    expect(perAddress.response.statusCode).toBe(429);
    expect(perAddress.response.json().error).toMatch(/^今日验证码发送次数已达上限/);
  });

  it('counts sends that arrive together once each', async () => {
    const phone = freshPhone();
    const ip = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => sendCode(phone, 'register', ip)),
    );
    expect(answers.filter(({ response }) => response.statusCode === 200)).toHaveLength(1);
    expect(answers.filter(({ response }) => response.statusCode === 429)).toHaveLength(9);
  });

  it('answers the statuses of SPEC.md for unknown and taken phones and bad input', async () => {
    const ip = freshAddress();
    const unknown = await sendCode(freshPhone(), 'login', ip);
    expect(unknown.response.statusCode).toBe(404);
    expect(unknown.response.json()).toEqual({ error: errorText.phoneNotRegistered });

    const { phone, username } = await registerByPhone(ip);
    await ageCodes(phone, 2 * 60 * 1000);
    const taken = await sendCode(phone, 'register', ip);
    expect(taken.response.statusCode).toBe(409);
    expect(taken.response.json()).toEqual({ error: errorText.phoneTaken });

    const loginUnknown = await call(
      'POST',
      '/api/auth/login/phone',
      { phone: freshPhone(), verificationCode: '123456' },
      { ip },
    );
    expect(loginUnknown.statusCode).toBe(404);
    expect(loginUnknown.json()).toEqual({ error: errorText.phoneNotRegistered });

    const nameTaken = await call(
      'POST',
      '/api/auth/register/phone',
      { username, phone: freshPhone(), verificationCode: '123456', password: 'abc12345' },
      { ip },
    );
    expect(nameTaken.statusCode).toBe(400);
    expect(nameTaken.json()).toEqual({ error: errorText.usernameTaken });

    for (const [payload, message] of [
      [{ phone: '12345678901', type: 'login' }, errorText.phoneInvalid],
      [{ phone: '1380013800', type: 'login' }, errorText.phoneInvalid],
      [{ phone: 13800138000, type: 'login' }, errorText.phoneInvalid],
      [{ phone: '13800138000', type: 'reset' }, errorText.codeTypeInvalid],
      [{ type: 'login' }, errorText.phoneInvalid],
    ] as const) {
      const response = await call('POST', '/api/auth/verification-code', payload, { ip });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message });
    }
    const badCode = await call(
      'POST',
      '/api/auth/login/phone',
      { phone, verificationCode: '12ab56' },
      { ip },
    );
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toEqual({ error: errorText.codeFormatInvalid });
    const badPassword = await call(
      'POST',
      '/api/auth/register/phone',
      {
        username: 'valid_name',
        phone: freshPhone(),
        verificationCode: '123456',
        password: 'short',
      },
      { ip },
    );
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json()).toEqual({ error: errorText.passwordInvalid });
  });

  it('answers 502 when the SMS provider refuses, and that code never works', async () => {
    const ip = freshAddress();
    const phone = freshPhone();
    sms.failNext('isv.BUSINESS_LIMIT_CONTROL');
    const failed = await sendCode(phone, 'register', ip);
    expect(failed.response.statusCode).toBe(502);
    expect(failed.response.json()).toEqual({ error: errorText.sendCodeFailed });
    const open = await t.app.db
      .selectFrom('verification_codes')
      .select('id')
      .where('phone', '=', phone)
      .where('used_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
  });

  it('binds a phone to a signed-in account from settings with a bind code', async () => {
    const ip = freshAddress();
    const user = await registerUser(t.app, 'bind');
    const phone = freshPhone();

    const anonymous = await sendCode(phone, 'bind', ip);
    expect(anonymous.response.statusCode).toBe(401);

    const { response, code } = await sendCode(phone, 'bind', ip, user.auth);
    expect(response.statusCode).toBe(200);

    const wrong = await call(
      'PUT',
      '/api/auth/phone',
      { phone, verificationCode: code === '000000' ? '000001' : '000000' },
      { ip, headers: user.auth },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: errorText.codeWrong });

    const bound = await call(
      'PUT',
      '/api/auth/phone',
      { phone, verificationCode: code },
      { ip, headers: user.auth },
    );
    expect(bound.statusCode).toBe(200);
    expect(bound.json()).toMatchObject({ id: user.user.id, phone });

    // A code made for binding does not log anybody in.
    const wrongPurpose = await call(
      'POST',
      '/api/auth/login/phone',
      { phone, verificationCode: code },
      { ip },
    );
    expect(wrongPurpose.statusCode).toBe(401);

    const other = await registerUser(t.app, 'bind2');
    await ageCodes(phone, 2 * 60 * 1000);
    const taken = await sendCode(phone, 'bind', ip, other.auth);
    expect(taken.response.statusCode).toBe(409);
    expect(taken.response.json()).toEqual({ error: errorText.phoneTaken });
  });
});

describe('phone codes with the default provider', () => {
  it('answers that the code went to the server log', async () => {
    const t = await createTestApp('sqlite');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verification-code',
        payload: { phone: '13612345678', type: 'register' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, delivery: 'log' });
    } finally {
      await t.close();
    }
  });
});
