import { createHmac, randomUUID } from 'node:crypto';
import type { SmsConfig } from '../../server/config.ts';
import { createWaitList, sendJson, startLoopbackServer } from './loopback.ts';

export interface SentSms {
  phone: string;
  code: string;
  signName: string;
  templateCode: string;
}

/**
 * A stand-in for Alibaba Cloud SMS (dysmsapi SendSms) on loopback. It checks every request the
 * way the real service does (signature version 1.0, timestamp, nonce, key, sign name and
 * template) with its own implementation of the signing rules, and records the codes it accepts.
 */
export interface FakeAliyunSms {
  url: string;
  sent: SentSms[];
  /** Requests refused, with the error code the real service would answer. */
  refused: string[];
  /**
   * The first message to `phone` among those sent after the first `after` ones (take
   * `sent.length` before the action), waiting for it if it has not arrived yet.
   */
  nextSms(phone: string, after: number): Promise<SentSms>;
  lastCode(phone: string): string | undefined;
  /** The next SendSms call answers this business error (e.g. isv.BUSINESS_LIMIT_CONTROL). */
  failNext(code: string): void;
  config: Extract<SmsConfig, { provider: 'aliyun' }>;
  /** The environment variables that point a server at this fake. */
  env: Record<string, string>;
  close(): Promise<void>;
}

// Deliberately not the server's encoder: byte by byte from RFC 3986's unreserved set.
function rfc3986(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function expectedSignature(params: URLSearchParams, secret: string): string {
  const pairs = [...params.entries()]
    .filter(([name]) => name !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
    .join('&');
  const stringToSign = `GET&%2F&${rfc3986(pairs)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

export async function startFakeAliyunSms(): Promise<FakeAliyunSms> {
  const config = {
    provider: 'aliyun' as const,
    accessKeyId: 'LTAI-fake-key-id',
    accessKeySecret: `fake-secret-${randomUUID()}`,
    signName: '氛围笔记',
    templateCode: 'SMS_123456789',
    endpoint: '',
  };
  const messages = createWaitList<SentSms>();
  const refused: string[] = [];
  const nonces = new Set<string>();
  let forcedFailure: string | null = null;

  const server = await startLoopbackServer((request, url, response) => {
    const params = url.searchParams;
    const refuse = (status: number, code: string) => {
      refused.push(code);
      sendJson(response, status, { Code: code, Message: code, RequestId: randomUUID() });
    };
    if (request.method !== 'GET' && request.method !== 'POST')
      return refuse(405, 'UnsupportedHTTPMethod');
    if (params.get('Action') !== 'SendSms') return refuse(404, 'InvalidAction.NotFound');
    if (params.get('Version') !== '2017-05-25') return refuse(400, 'InvalidVersion');
    if (params.get('SignatureMethod') !== 'HMAC-SHA1' || params.get('SignatureVersion') !== '1.0') {
      return refuse(400, 'InvalidSignatureMethod');
    }
    if (params.get('AccessKeyId') !== config.accessKeyId) {
      return refuse(404, 'InvalidAccessKeyId.NotFound');
    }
    const timestamp = params.get('Timestamp') ?? '';
    if (
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(timestamp) ||
      Math.abs(Date.parse(timestamp) - Date.now()) > MAX_CLOCK_SKEW_MS
    ) {
      return refuse(400, 'InvalidTimeStamp.Expired');
    }
    const nonce = params.get('SignatureNonce') ?? '';
    if (!nonce || nonces.has(nonce)) return refuse(400, 'SignatureNonceUsed');
    if (params.get('Signature') !== expectedSignature(params, config.accessKeySecret)) {
      return refuse(400, 'SignatureDoesNotMatch');
    }
    nonces.add(nonce);
    if (forcedFailure) {
      const code = forcedFailure;
      forcedFailure = null;
      return refuse(200, code);
    }
    if (params.get('SignName') !== config.signName) return refuse(200, 'isv.SMS_SIGNATURE_ILLEGAL');
    if (params.get('TemplateCode') !== config.templateCode) {
      return refuse(200, 'isv.SMS_TEMPLATE_ILLEGAL');
    }
    const phone = params.get('PhoneNumbers') ?? '';
    if (!/^(86)?1[3-9]\d{9}$/.test(phone)) return refuse(200, 'isv.MOBILE_NUMBER_ILLEGAL');
    let code: unknown;
    try {
      code = (JSON.parse(params.get('TemplateParam') ?? '') as { code?: unknown }).code;
    } catch {
      code = undefined;
    }
    if (typeof code !== 'string') return refuse(200, 'isv.INVALID_JSON_PARAM');
    messages.push({ phone, code, signName: config.signName, templateCode: config.templateCode });
    sendJson(response, 200, {
      Code: 'OK',
      Message: 'OK',
      BizId: `${Date.now()}^0`,
      RequestId: randomUUID(),
    });
  });

  config.endpoint = server.url;
  return {
    url: server.url,
    sent: messages.items,
    refused,
    nextSms: (phone, after) => messages.next((sms) => sms.phone === phone, after),
    lastCode: (phone) => messages.items.findLast((sms) => sms.phone === phone)?.code,
    failNext(code) {
      forcedFailure = code;
    },
    config,
    env: {
      SMS_PROVIDER: 'aliyun',
      SMS_ACCESS_KEY_ID: config.accessKeyId,
      SMS_ACCESS_KEY_SECRET: config.accessKeySecret,
      SMS_SIGN_NAME: config.signName,
      SMS_TEMPLATE_CODE: config.templateCode,
      SMS_ENDPOINT: server.url,
    },
    close: server.close,
  };
}
