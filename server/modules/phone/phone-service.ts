import type { AuthResponse, CurrentUser } from '../../../contract/auth.ts';
import { errorText } from '../../../contract/messages.ts';
import type {
  BindPhoneBody,
  PhoneLoginBody,
  PhoneRegisterBody,
  SendCodeBody,
  SendCodeResponse,
} from '../../../contract/phone.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { accountAttemptKey, createAttemptLimiter, LOGIN_LIMITS } from '../auth/attempt-limiter.ts';
import type { ClientInfo } from '../auth/client-info.ts';
import { hashPassword } from '../auth/passwords.ts';
import { presentCurrentUser } from '../auth/present-current-user.ts';
import type { AttemptStore } from '../auth/attempt-store.ts';
import type { IssueSession } from '../auth/session-issuer.ts';
import type { UserRepository, UserRow } from '../users/user-repository.ts';
import type { VerificationCodes } from './verification-codes.ts';

export function createPhoneService(deps: {
  users: UserRepository;
  codes: VerificationCodes;
  attempts: AttemptStore;
  issueSession: IssueSession;
}) {
  const { users, codes, issueSession } = deps;
  // Guessing codes across many fresh codes is held back like guessing passwords, and shares
  // the account's budget with them.
  const loginLimiter = createAttemptLimiter(deps.attempts, 'login', LOGIN_LIMITS);

  async function assertRegistrable(body: PhoneRegisterBody) {
    // SPEC.md: phone registration answers problems as 400 with a message the page shows.
    if (await users.findByUsername(body.username)) throw badRequest(errorText.usernameTaken);
    if (await users.findByPhone(body.phone)) throw badRequest(errorText.phoneTaken);
  }

  return {
    async sendCode(
      body: SendCodeBody,
      viewer: UserRow | null,
      ip: string,
    ): Promise<SendCodeResponse> {
      if (body.type === 'bind' && !viewer) throw unauthorized(errorText.loginRequired);
      await codes.reserveSend(body.phone, ip);
      const owner = await users.findByPhone(body.phone);
      if (body.type === 'login' && !owner) throw notFound(errorText.phoneNotRegistered);
      if (body.type !== 'login' && owner) throw conflict(errorText.phoneTaken);
      await codes.issue(body.phone, body.type, ip);
      return { success: true, delivery: codes.delivery };
    },

    async login(body: PhoneLoginBody, client: ClientInfo): Promise<AuthResponse> {
      const user = await users.findByPhone(body.phone);
      const attempt = await loginLimiter.reserve(
        user ? accountAttemptKey(user.id) : `phone:${body.phone}`,
        client.ip,
        errorText.tooManyLoginAttempts,
      );
      if (!user) throw notFound(errorText.phoneNotRegistered);
      await codes.consume(body.phone, 'login', body.verificationCode, 401);
      await attempt.succeeded();
      return issueSession(user, client);
    },

    async register(body: PhoneRegisterBody, client: ClientInfo): Promise<AuthResponse> {
      await assertRegistrable(body);
      await codes.consume(body.phone, 'register', body.verificationCode, 400);
      const passwordHash = await hashPassword(body.password);
      let user: UserRow;
      try {
        user = await users.insert({ username: body.username, phone: body.phone, passwordHash });
      } catch (error) {
        // Lost a race for the name or the number: the unique indexes decide.
        await assertRegistrable(body);
        throw error;
      }
      return issueSession(user, client);
    },

    async bindPhone(user: UserRow, body: BindPhoneBody): Promise<CurrentUser> {
      const owner = await users.findByPhone(body.phone);
      if (owner) throw conflict(errorText.phoneTaken);
      await codes.consume(body.phone, 'bind', body.verificationCode, 400);
      const updated = await users.update(user.id, { phone: body.phone });
      if (!updated) throw notFound(errorText.userNotFound);
      return presentCurrentUser(updated, await users.counts(user.id));
    },
  };
}
