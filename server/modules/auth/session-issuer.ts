import type { Kysely } from 'kysely';
import type { AuthResponse } from '../../../contract/auth.ts';
import type { Database } from '../../db/schema.ts';
import type { DomainEventBus } from '../../plugins/domain-events.ts';
import type { UserRepository, UserRow } from '../users/user-repository.ts';
import { assertCanSignIn } from '../users/restrictions.ts';
import type { ClientInfo } from './client-info.ts';
import { presentCurrentUser } from './present-current-user.ts';
import { createSessionRepository } from './session-repository.ts';
import { newSessionId, signToken } from './tokens.ts';

async function recordSession(db: Kysely<Database>, userId: number, client: ClientInfo) {
  const sessionId = newSessionId();
  await createSessionRepository(db).create({
    id: sessionId,
    userId,
    userAgent: client.userAgent,
    ip: client.ip,
  });
  return sessionId;
}

/** What issuing a session needs: the database, the users, the event bus, the signing key. */
export interface SessionDeps {
  db: Kysely<Database>;
  users: Pick<UserRepository, 'findById'>;
  events: DomainEventBus;
  jwtSecret: Uint8Array;
}

/** The token for a recorded session, after the `user.signed-in` event has run. */
async function answer(deps: SessionDeps, user: UserRow, sessionId: string): Promise<AuthResponse> {
  const token = await signToken(deps.jwtSecret, { userId: user.id, sessionId });
  await deps.events.emit('user.signed-in', { userId: user.id });
  // A listener may have just awarded the daily bonus: answer with the row as it is now.
  const fresh = (await deps.users.findById(user.id)) ?? user;
  return { token, user: presentCurrentUser(fresh) };
}

/**
 * Every sign-in path (password, phone, WeChat, QQ, registration) ends here: a session row, a
 * token naming it, and the `user.signed-in` event the daily login bonus listens for.
 */
export function createSessionIssuer(deps: SessionDeps) {
  return async function issueSession(user: UserRow, client: ClientInfo): Promise<AuthResponse> {
    assertCanSignIn(user);
    return answer(deps, user, await recordSession(deps.db, user.id, client));
  };
}

export type IssueSession = ReturnType<typeof createSessionIssuer>;

/**
 * Registration: the account and its first session are written in one transaction, so a failure
 * between them never leaves an account its owner was not signed in to. `createUser` must write
 * through the transaction it is given; slow work (the password hash) belongs before it.
 */
export function createAccountOpener(deps: SessionDeps) {
  return async function openAccount(
    createUser: (db: Kysely<Database>) => Promise<UserRow>,
    client: ClientInfo,
  ): Promise<AuthResponse> {
    const { user, sessionId } = await deps.db.transaction().execute(async (trx) => {
      const created = await createUser(trx);
      return { user: created, sessionId: await recordSession(trx, created.id, client) };
    });
    return answer(deps, user, sessionId);
  };
}

export type OpenAccount = ReturnType<typeof createAccountOpener>;
