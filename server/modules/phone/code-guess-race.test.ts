import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import { CODE_MAX_ATTEMPTS } from '../../../contract/phone.ts';
import { startFakeAliyunSms } from '../../../tests/fakes/fake-aliyun-sms.ts';
import type { FakeAliyunSms } from '../../../tests/fakes/fake-aliyun-sms.ts';
import { createTestApp, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

const GUESSES = 60;

describe.each(testDatabases)('SMS code guesses sent all at once on %s', (kind) => {
  let t: TestApp;
  let sms: FakeAliyunSms;
  let origin: string;

  beforeAll(async () => {
    sms = await startFakeAliyunSms();
    t = await createTestApp(kind, { sms: sms.config });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });

  const post = (url: string, body: object) =>
    fetch(`${origin}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it(`checks at most ${CODE_MAX_ATTEMPTS} of ${GUESSES} parallel guesses, so the right code sent last never registers`, async () => {
    const phone = `1360000${String(Date.now() % 1e4).padStart(4, '0')}`;
    const sent = await post('/api/auth/verification-code', { phone, type: 'register' });
    expect(sent.status).toBe(200);
    const code = sms.lastCode(phone)!;
    const wrong = (index: number) => {
      const guess = String(index).padStart(6, '0');
      return guess === code ? '999999' : guess;
    };
    const guesses = Array.from({ length: GUESSES }, (_, index) =>
      index === GUESSES - 1 ? code : wrong(index),
    );
    const answers = await Promise.all(
      guesses.map(async (verificationCode) => {
        const response = await post('/api/auth/register/phone', {
          username: `抢码${phone.slice(-4)}`,
          phone,
          verificationCode,
          password: 'abc12345',
        });
        return { status: response.status, body: (await response.json()) as { error?: string } };
      }),
    );
    const checked = answers.filter(
      (answer) => answer.status === 200 || answer.body.error === errorText.codeWrong,
    );
    expect(checked.length).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
    expect(answers.at(-1)).toEqual({ status: 400, body: { error: errorText.codeExpired } });
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(0);
    const stored = await t.app.db
      .selectFrom('verification_codes')
      .select('attempts')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(Number(stored.attempts)).toBe(CODE_MAX_ATTEMPTS);
  });
});
