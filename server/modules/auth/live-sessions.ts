import { turnBatches } from '../../lib/turn-batches.ts';
import type { UserRow } from '../users/user-repository.ts';
import { userRowOf } from './session-repository.ts';
import type { SessionRepository } from './session-repository.ts';

/** At most this many sessions are read in one query (an `in` list of each length is a text). */
const MAX_SESSIONS_A_QUERY = 32;

/** Where a signed-in request finds the user behind its token's session. */
export interface LiveSessions {
  /** The user when the session is live and is that user's; undefined otherwise. */
  liveUser(sessionId: string, userId: number): Promise<UserRow | undefined>;
}

/**
 * The sessions of the signed-in requests of one turn of the event loop, read in one query
 * (decision 053): every signed-in request asks before anything else it does.
 */
export function batchedLiveSessions(
  sessions: Pick<SessionRepository, 'findLiveUsers'>,
): LiveSessions {
  const load = turnBatches<string, UserRow | undefined>(
    async (sessionIds) => {
      const rows = await sessions.findLiveUsers([...new Set(sessionIds)]);
      const found = new Map(rows.map((row) => [row.session_id, row]));
      // A row of its own for each request, as each request's viewer holds it.
      return sessionIds.map((id) => {
        const row = found.get(id);
        return row && userRowOf(row);
      });
    },
    { maxBatchSize: MAX_SESSIONS_A_QUERY },
  );
  return {
    async liveUser(sessionId, userId) {
      const row = await load(sessionId);
      return row?.id === userId ? row : undefined;
    },
  };
}
