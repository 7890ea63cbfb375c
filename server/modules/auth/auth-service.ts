import type { Kysely } from 'kysely';
import type { AuthResponse, RegisterBody, UpdateMeBody } from '../../../contract/auth.ts';
import { errorText, fillText } from '../../../contract/messages.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import { presentUser } from '../users/present-user.ts';
import { createUserRepository, type UserRow } from '../users/user-repository.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSessionRepository } from './session-repository.ts';
import { newSessionId, signToken } from './tokens.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export function createAuthService(deps: {
  db: Kysely<Database>;
  jwtSecret: Uint8Array;
  loginLimiter: LoginLimiter;
}) {
  const users = createUserRepository(deps.db);
  const sessions = createSessionRepository(deps.db);

  /** Starts a session for the user and answers as every sign-in path does: token and user. */
  async function issueSession(user: UserRow, client: ClientInfo): Promise<AuthResponse> {
    const sessionId = newSessionId();
    await sessions.create({
      id: sessionId,
      userId: user.id,
      userAgent: client.userAgent,
      ip: client.ip,
    });
    const token = await signToken(deps.jwtSecret, { userId: user.id, sessionId });
    return { token, user: presentUser(user, { withContact: true }) };
  }

  async function assertAvailable(changes: { username?: string; email?: string }, selfId?: number) {
    if (changes.username) {
      const taken = await users.findByUsername(changes.username);
      if (taken && taken.id !== selfId) throw conflict(errorText.usernameTaken);
    }
    if (changes.email) {
      const taken = await users.findByEmail(changes.email);
      if (taken && taken.id !== selfId) throw conflict(errorText.emailTaken);
    }
  }

  return {
    issueSession,

    async register(body: RegisterBody, client: ClientInfo): Promise<AuthResponse> {
      await assertAvailable(body);
      const passwordHash = await hashPassword(body.password);
      let user: UserRow;
      try {
        user = await users.insert({ username: body.username, email: body.email, passwordHash });
      } catch (error) {
        // Two registrations racing for one name: the unique index decides.
        await assertAvailable(body);
        throw error;
      }
      return issueSession(user, client);
    },

    async login(account: string, password: string, client: ClientInfo): Promise<AuthResponse> {
      const wait = deps.loginLimiter.retryAfter(account, client.ip);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw tooManyRequests(fillText(errorText.tooManyLoginAttempts, { seconds }), seconds);
      }
      const user = account.includes('@')
        ? await users.findByEmail(account)
        : await users.findByUsername(account);
      if (!user) {
        deps.loginLimiter.recordFailure(account, client.ip);
        throw notFound(errorText.userNotFound);
      }
      if (!user.password_hash || !(await verifyPassword(user.password_hash, password))) {
        deps.loginLimiter.recordFailure(account, client.ip);
        throw new AppError(401, errorText.wrongPassword);
      }
      deps.loginLimiter.recordSuccess(account);
      return issueSession(user, client);
    },

    logout(sessionId: string) {
      return sessions.revoke(sessionId);
    },

    async me(user: UserRow) {
      return presentUser(user, { withContact: true, extra: await users.counts(user.id) });
    },

    async updateMe(user: UserRow, body: UpdateMeBody) {
      await assertAvailable(body, user.id);
      const updated = await users.update(user.id, {
        ...(body.username !== undefined && { username: body.username }),
        ...(body.email !== undefined && { email: body.email.toLowerCase() }),
        ...(body.bio !== undefined && { bio: body.bio }),
        ...(body.avatar !== undefined && { avatar: body.avatar }),
      });
      if (!updated) throw notFound(errorText.userNotFound);
      return presentUser(updated, { withContact: true, extra: await users.counts(user.id) });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
