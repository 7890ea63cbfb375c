import type { Kysely } from 'kysely';
import { idsQuery } from '../../db/ids-query.ts';
import type { Database } from '../../db/schema.ts';
import type { UserRow } from '../users/user-repository.ts';
import { SESSION_TTL_MS } from './tokens.ts';

export function createSessionRepository(db: Kysely<Database>) {
  const liveUser = idsQuery(db, (from, userIds, sessionId: string, now: number) =>
    from
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .where('sessions.id', '=', sessionId)
      .where('sessions.expires_at', '>', now)
      .where('sessions.user_id', 'in', userIds)
      .where('sessions.revoked_at', 'is', null)
      // A sign-in that passed its ban check just before a ban committed is turned away too.
      .where('users.banned_at', 'is', null),
  );
  return {
    async create(
      session: { id: string; userId: number; userAgent: string | null; ip: string | null },
      now = Date.now(),
    ) {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          created_at: now,
          expires_at: now + SESSION_TTL_MS,
          revoked_at: null,
          user_agent: session.userAgent?.slice(0, 300) ?? null,
          ip: session.ip,
        })
        .execute();
    },

    /**
     * The session's user when the session is live, in one primary-key lookup. Every signed-in
     * request asks, so the query is compiled once (decision 042).
     */
    async findLiveUser(
      sessionId: string,
      userId: number,
      now = Date.now(),
    ): Promise<UserRow | undefined> {
      const [row] = await liveUser([userId], sessionId, now);
      return row;
    },

    async revoke(sessionId: string, now = Date.now()) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', sessionId)
        .execute();
    },

    /** Ends every other session of the user (a password change keeps the device that made it). */
    async revokeOthers(userId: number, keepSessionId: string, now = Date.now()) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('id', '!=', keepSessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeAllForUser(userId: number, now = Date.now()) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
