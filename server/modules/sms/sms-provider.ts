import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../../config.ts';
import { createAliyunSmsProvider } from './aliyun-sms.ts';
import type { SmsProvider } from './provider.ts';

/** The default: no outside account needed, the code is read from the server log. */
export function createLogSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    delivery: 'log',
    async sendCode(phone, code) {
      log.info({ sms: { phone, code } }, 'sms code (development provider)');
    },
  };
}

export function createSmsProvider(config: SmsConfig, log: FastifyBaseLogger): SmsProvider {
  return config.provider === 'aliyun' ? createAliyunSmsProvider(config) : createLogSmsProvider(log);
}
