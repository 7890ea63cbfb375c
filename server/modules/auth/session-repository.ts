import type { Kysely } from 'kysely';
import { idsQuery } from '../../db/ids-query.ts';
import type { Database } from '../../db/schema.ts';
import type { UserRow } from '../users/user-repository.ts';
import { SESSION_TTL_MS } from './tokens.ts';

/** A live session's user, with the session's id. */
export type LiveSessionUser = UserRow & { session_id: string };

/** The user's row alone, as the rest of the app knows it. */
export function userRowOf(live: LiveSessionUser): UserRow {
  const row: UserRow & { session_id?: string } = { ...live };
  delete row.session_id;
  return row;
}

export function createSessionRepository(db: Kysely<Database>) {
  const liveSessions = idsQuery(db, (from, sessionIds: readonly string[], now: number) =>
    from
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select('sessions.id as session_id')
      .where('sessions.expires_at', '>', now)
      .where('sessions.id', 'in', sessionIds)
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
     * The users of these sessions that are live, by the sessions' primary key, with the session
     * each is of. Every signed-in request asks, so the query is compiled once for each number
     * of sessions (decision 042).
     */
    findLiveUsers(sessionIds: readonly string[], now = Date.now()): Promise<LiveSessionUser[]> {
      return liveSessions(sessionIds, now);
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
