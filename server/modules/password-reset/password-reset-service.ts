import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { errorText } from '../../../contract/messages.ts';
import { badRequest } from '../../lib/errors.ts';
import { createAttemptLimiter } from '../auth/attempt-limiter.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { AttemptStore } from '../auth/attempt-store.ts';
import type { SessionRepository } from '../auth/session-repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UserRepository } from '../users/user-repository.ts';
import type { PasswordResetRepository, PasswordResetRow } from './password-reset-repository.ts';
import { resetMail } from './texts.ts';

export const RESET_TTL_MINUTES = 30;
const RESET_TTL_MS = RESET_TTL_MINUTES * 60 * 1000;

/** Reset mails: 3 an hour per address asked for, 10 an hour per client address. */
export const RESET_MAIL_LIMITS = { windowMs: 60 * 60 * 1000, maxPerKey: 3, maxPerAddress: 10 };

// A 256-bit random token needs no key: its SHA-256 cannot be reversed or guessed.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function assertUsable(reset: PasswordResetRow | undefined, now: number): PasswordResetRow {
  if (!reset) throw badRequest(errorText.resetTokenInvalid);
  if (reset.used_at !== null) throw badRequest(errorText.resetTokenUsed);
  if (reset.expires_at <= now) throw badRequest(errorText.resetTokenExpired);
  return reset;
}

export function createPasswordResetService(deps: {
  users: UserRepository;
  resets: PasswordResetRepository;
  sessions: SessionRepository;
  attempts: AttemptStore;
  mailer: Mailer;
  /** The site's address, for the link in the mail. */
  publicOrigin: string;
  log: FastifyBaseLogger;
}) {
  const { users, resets, sessions, mailer, log } = deps;
  const limiter = createAttemptLimiter(deps.attempts, 'reset-mail', RESET_MAIL_LIMITS);

  return {
    /**
     * Mails a one-time link when the address belongs to an account. The answer is the same
     * either way, and the mail goes out after it, so neither says whether the address is known.
     */
    async requestReset(email: string, ip: string, now = Date.now()) {
      const address = email.toLowerCase();
      await limiter.reserve(address, ip, errorText.resetTooFrequent, now);
      const user = await users.findByEmail(address);
      if (!user?.email) return { success: true };
      const token = randomBytes(32).toString('base64url');
      await resets.insert({
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: now,
        expiresAt: now + RESET_TTL_MS,
      });
      const link = `${deps.publicOrigin.replace(/\/$/, '')}/reset-password/${token}`;
      mailer
        .send({ to: user.email, ...resetMail(user.username, link, RESET_TTL_MINUTES) })
        .catch((error: unknown) => {
          log.error({ err: error, userId: user.id }, 'password reset mail was not sent');
        });
      return { success: true };
    },

    /** Lets the page say at once that a link is stale, before the user types a password. */
    async check(token: string, now = Date.now()) {
      assertUsable(await resets.find(hashToken(token)), now);
      return { success: true };
    },

    async reset(token: string, password: string, now = Date.now()) {
      const tokenHash = hashToken(token);
      const reset = assertUsable(await resets.find(tokenHash), now);
      const passwordHash = await hashPassword(password);
      if (!(await resets.markUsed(tokenHash, now))) throw badRequest(errorText.resetTokenUsed);
      await users.update(reset.user_id, { password_hash: passwordHash }, now);
      // Whoever knew the old password is signed out everywhere.
      await sessions.revokeAllForUser(reset.user_id, now);
      return { success: true };
    },
  };
}
