import type { FastifyInstance } from 'fastify';
import type { AuthResponse } from '../../../contract/auth.ts';
import { createUserRepository } from '../users/user-repository.ts';
import type { UserRow } from '../users/user-repository.ts';
import type { ClientInfo } from './client-info.ts';
import { presentCurrentUser } from './present-current-user.ts';
import { createSessionRepository } from './session-repository.ts';
import { newSessionId, signToken } from './tokens.ts';

/**
 * Every sign-in path (password, phone, WeChat, QQ, registration) ends here: a session row, a
 * token naming it, and the `user.signed-in` event the daily login bonus listens for.
 */
export function createSessionIssuer(app: FastifyInstance) {
  const sessions = createSessionRepository(app.db);
  const users = createUserRepository(app.db);
  return async function issueSession(user: UserRow, client: ClientInfo): Promise<AuthResponse> {
    const sessionId = newSessionId();
    await sessions.create({
      id: sessionId,
      userId: user.id,
      userAgent: client.userAgent,
      ip: client.ip,
    });
    const token = await signToken(app.config.jwtSecret, { userId: user.id, sessionId });
    await app.domainEvents.emit('user.signed-in', { userId: user.id });
    // A listener may have just awarded the daily bonus: answer with the row as it is now.
    const fresh = (await users.findById(user.id)) ?? user;
    return { token, user: presentCurrentUser(fresh) };
  };
}

export type IssueSession = ReturnType<typeof createSessionIssuer>;
