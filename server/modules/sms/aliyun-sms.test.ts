import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAliyunSms } from '../../../tests/fakes/fake-aliyun-sms.ts';
import type { FakeAliyunSms } from '../../../tests/fakes/fake-aliyun-sms.ts';
import { createAliyunSmsProvider, SmsSendError } from './aliyun-sms.ts';
import { createLogSmsProvider } from './sms-provider.ts';

describe('Alibaba Cloud SMS provider against a fake SendSms on loopback', () => {
  let fake: FakeAliyunSms;
  beforeAll(async () => {
    fake = await startFakeAliyunSms();
  });
  afterAll(() => fake.close());

  it('sends a signed SendSms that the fake verifies, with the code as template parameter', async () => {
    const provider = createAliyunSmsProvider(fake.config);
    await provider.sendCode('13800138000', '246810');
    await provider.sendCode('13800138000', '135790');
    expect(fake.refused).toEqual([]);
    expect(fake.sent.filter((sms) => sms.phone === '13800138000').map((sms) => sms.code)).toEqual([
      '246810',
      '135790',
    ]);
    expect(fake.sent[0]).toMatchObject({ signName: '氛围笔记', templateCode: 'SMS_123456789' });
    expect(provider.delivery).toBe('sms');
  });

  it('is refused with SignatureDoesNotMatch when signed with the wrong secret', async () => {
    const provider = createAliyunSmsProvider({ ...fake.config, accessKeySecret: 'wrong' });
    const failure = await provider
      .sendCode('13800138001', '111111')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SmsSendError);
    expect((failure as SmsSendError).code).toBe('SignatureDoesNotMatch');
    expect(fake.lastCode('13800138001')).toBeUndefined();
  });

  it('rejects with the business error code the service answers', async () => {
    const provider = createAliyunSmsProvider(fake.config);
    fake.failNext('isv.BUSINESS_LIMIT_CONTROL');
    await expect(provider.sendCode('13800138002', '222222')).rejects.toMatchObject({
      code: 'isv.BUSINESS_LIMIT_CONTROL',
    });
    const wrongTemplate = createAliyunSmsProvider({ ...fake.config, templateCode: 'SMS_0' });
    await expect(wrongTemplate.sendCode('13800138002', '222222')).rejects.toMatchObject({
      code: 'isv.SMS_TEMPLATE_ILLEGAL',
    });
  });

  it('rejects when the service cannot be reached', async () => {
    const provider = createAliyunSmsProvider({ ...fake.config, endpoint: 'http://127.0.0.1:9' });
    await expect(provider.sendCode('13800138003', '333333')).rejects.toMatchObject({
      code: 'Unreachable',
    });
  });
});

describe('development SMS provider', () => {
  it('writes the code to the server log and sends nothing', async () => {
    const lines: { sms: unknown; message: string }[] = [];
    const log = {
      info: (sms: { sms: unknown }, message: string) => lines.push({ ...sms, message }),
    } as unknown as Parameters<typeof createLogSmsProvider>[0];
    const provider = createLogSmsProvider(log);
    await provider.sendCode('13900139000', '123456');
    expect(provider.delivery).toBe('log');
    expect(lines).toEqual([
      { sms: { phone: '13900139000', code: '123456' }, message: 'sms code (development provider)' },
    ]);
  });
});
