import type { AuthResponse, RegisterBody, UpdateMeBody } from '../../../contract/auth.ts';
import { errorText } from '../../../contract/messages.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { DomainEventBus } from '../../plugins/domain-events.ts';
import { createUserRepository } from '../users/user-repository.ts';
import type { UserRepository, UserRow } from '../users/user-repository.ts';
import { accountAttemptKey, createAttemptLimiter, LOGIN_LIMITS } from './attempt-limiter.ts';
import type { AttemptStore } from './attempt-store.ts';
import type { ClientInfo } from './client-info.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { presentCurrentUser } from './present-current-user.ts';
import type { SessionRepository } from './session-repository.ts';
import type { IssueSession, OpenAccount } from './session-issuer.ts';

export function createAuthService(deps: {
  users: UserRepository;
  /**
   * Where the signed-in reader's counts (notes, followers, likes) are read: off the thread that
   * answers requests where it can be.
   */
  counts: Pick<UserRepository, 'counts'>;
  sessions: SessionRepository;
  attempts: AttemptStore;
  issueSession: IssueSession;
  openAccount: OpenAccount;
  events: DomainEventBus;
}) {
  const { users, counts, sessions, issueSession, openAccount, events } = deps;
  const loginLimiter = createAttemptLimiter(deps.attempts, 'login', LOGIN_LIMITS);

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
    async register(body: RegisterBody, client: ClientInfo): Promise<AuthResponse> {
      await assertAvailable(body);
      const passwordHash = await hashPassword(body.password);
      try {
        return await openAccount(
          (db) =>
            createUserRepository(db).insert({
              username: body.username,
              email: body.email,
              passwordHash,
            }),
          client,
        );
      } catch (error) {
        // Two registrations racing for one name: the unique index decides.
        await assertAvailable(body);
        throw error;
      }
    },

    async login(account: string, password: string, client: ClientInfo): Promise<AuthResponse> {
      const user = account.includes('@')
        ? await users.findByEmail(account)
        : await users.findByUsername(account);
      // Counted per account whichever of its names was typed; an unknown name by what was typed.
      const attempt = await loginLimiter.reserve(
        user ? accountAttemptKey(user.id) : `name:${account}`,
        client.ip,
        errorText.tooManyLoginAttempts,
      );
      if (!user) throw notFound(errorText.userNotFound);
      if (!user.password_hash || !(await verifyPassword(user.password_hash, password))) {
        throw new AppError(401, errorText.wrongPassword);
      }
      await attempt.succeeded();
      return issueSession(user, client);
    },

    logout(sessionId: string) {
      return sessions.revoke(sessionId);
    },

    async me(user: UserRow) {
      return presentCurrentUser(user, await counts.counts(user.id));
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
      if (body.username !== undefined || body.avatar !== undefined) {
        await events.emit('user.updated', { userId: user.id });
      }
      return presentCurrentUser(updated, await counts.counts(user.id));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
