import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { errorText, fillText } from '../../../contract/messages.ts';
import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_MS,
  CODE_TTL_MS,
} from '../../../contract/phone.ts';
import type { CodePurpose } from '../../../contract/phone.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import type { AttemptBucket, AttemptStore } from '../auth/attempt-store.ts';
import type { SmsProvider } from '../sms/provider.ts';
import type { VerificationCodeRepository } from './verification-code-repository.ts';

/** Daily caps, counted per calendar day in China (UTC+8). */
export const CODE_DAILY_LIMITS = { perPhone: 10, perAddress: 30 };

const DAY_MS = 24 * 60 * 60 * 1000;
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Midnight (China time) that starts the day of `now`. */
export function chinaDayStart(now: number): number {
  return Math.floor((now + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
}

/** The once-a-minute counter of a phone's code sends. */
export const codeResendKey = (phone: string) => `sms-resend:${phone}`;

/**
 * The counters a code send goes into. The daily ones are named by their China day, so each
 * counts one calendar day however the sliding window falls.
 */
export function codeSendBuckets(phone: string, ip: string, now: number): AttemptBucket[] {
  const day = chinaDayStart(now);
  return [
    { key: codeResendKey(phone), max: 1, windowMs: CODE_RESEND_MS },
    { key: `sms-day:phone:${phone}:${day}`, max: CODE_DAILY_LIMITS.perPhone, windowMs: DAY_MS },
    { key: `sms-day:ip:${ip}:${day}`, max: CODE_DAILY_LIMITS.perAddress, windowMs: DAY_MS },
  ];
}

/**
 * Six-digit SMS codes: made, rate limited, stored only as an HMAC (keyed with the server
 * secret, so a leaked table does not give the codes away) and spent once.
 */
export function createVerificationCodes(deps: {
  codes: VerificationCodeRepository;
  sms: SmsProvider;
  attempts: AttemptStore;
  /** The server secret the codes are keyed with. */
  jwtSecret: Uint8Array;
  log: FastifyBaseLogger;
}) {
  const { codes, sms, attempts, log } = deps;
  const hashCode = (phone: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', deps.jwtSecret).update(`${purpose}:${phone}:${code}`).digest();

  return {
    delivery: sms.delivery,

    /**
     * Counts a send (one code a minute per phone; a daily cap per phone and per address) or
     * throws a 429. Checked and counted in one step of the attempt store, so sends that arrive
     * together, on one instance or several, cannot all pass the check.
     */
    async reserveSend(phone: string, ip: string, now = Date.now()) {
      const { waitMs, fullBucket } = await attempts.reserve(codeSendBuckets(phone, ip, now), now);
      if (waitMs === 0) return;
      if (fullBucket === 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw tooManyRequests(fillText(errorText.codeTooFrequent, { seconds }), seconds);
      }
      const seconds = Math.ceil((chinaDayStart(now) + DAY_MS - now) / 1000);
      const hours = Math.ceil(seconds / 3600);
      throw tooManyRequests(fillText(errorText.codeDailyLimit, { hours }), seconds);
    },

    async issue(phone: string, purpose: CodePurpose, ip: string, now = Date.now()) {
      const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
      const id = await codes.insert({
        phone,
        purpose,
        codeHash: hashCode(phone, purpose, code).toString('hex'),
        ip,
        createdAt: now,
        expiresAt: now + CODE_TTL_MS,
      });
      try {
        await sms.sendCode(phone, code);
      } catch (error) {
        // The send still counts towards the limits, but a code nobody received must not work.
        await codes.markUsed(id, now);
        log.error({ err: error, phone }, 'sms provider refused the verification code');
        throw new AppError(502, errorText.sendCodeFailed);
      }
    },

    /**
     * Spends the code or throws with `status` (401 on the login path, 400 elsewhere so a
     * signed-in browser does not take it for an expired session).
     */
    async consume(
      phone: string,
      purpose: CodePurpose,
      code: string,
      status: 400 | 401,
      now = Date.now(),
    ) {
      const open = await codes.findOpen(phone, purpose, CODE_MAX_ATTEMPTS, now);
      // The guess is counted before it is compared: a guess that finds no attempt left is
      // never checked.
      if (!open || !(await codes.claimGuess(open.id, CODE_MAX_ATTEMPTS, now))) {
        throw new AppError(status, errorText.codeExpired);
      }
      const expected = Buffer.from(open.code_hash, 'hex');
      if (!timingSafeEqual(expected, hashCode(phone, purpose, code))) {
        throw new AppError(status, errorText.codeWrong);
      }
      if (!(await codes.markUsed(open.id, now))) throw new AppError(status, errorText.codeExpired);
    },
  };
}

export type VerificationCodes = ReturnType<typeof createVerificationCodes>;
