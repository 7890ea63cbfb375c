import { randomUUID } from 'node:crypto';
import type { SmsConfig } from '../../config.ts';
import { percentEncode, rpcSignature } from './aliyun-signature.ts';
import type { SmsProvider } from './provider.ts';

type AliyunSmsConfig = Extract<SmsConfig, { provider: 'aliyun' }>;

/** The provider refused or could not be reached; `code` is Alibaba Cloud's error code. */
export class SmsSendError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(`${code}: ${message}`);
    this.code = code;
  }
}

interface SendSmsAnswer {
  Code?: string;
  Message?: string;
  BizId?: string;
  RequestId?: string;
}

const TIMEOUT_MS = 10_000;

/** Alibaba Cloud SMS (dysmsapi 2017-05-25, SendSms), signed per RPC signature version 1.0. */
export function createAliyunSmsProvider(config: AliyunSmsConfig): SmsProvider {
  return {
    delivery: 'sms',
    async sendCode(phone, code) {
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: phone,
        RegionId: 'cn-hangzhou',
        SignName: config.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: config.templateCode,
        TemplateParam: JSON.stringify({ code }),
        // ISO 8601 in UTC without milliseconds, as the API asks.
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const signature = rpcSignature('GET', params, config.accessKeySecret);
      const query = Object.entries({ ...params, Signature: signature })
        .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
        .join('&');
      let answer: SendSmsAnswer;
      try {
        const response = await fetch(`${config.endpoint.replace(/\/$/, '')}/?${query}`, {
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        answer = (await response.json()) as SendSmsAnswer;
      } catch (error) {
        throw new SmsSendError('Unreachable', error instanceof Error ? error.message : 'failed');
      }
      if (answer.Code !== 'OK') {
        throw new SmsSendError(answer.Code ?? 'Unknown', answer.Message ?? 'no message');
      }
    },
  };
}
