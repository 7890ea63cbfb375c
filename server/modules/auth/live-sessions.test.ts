import { setImmediate as nextTurn } from 'node:timers';
import { describe, expect, it } from 'vitest';
import { inOwnCallbacks } from '../../../tests/helpers/own-callbacks.ts';
import type { UserRow } from '../users/user-repository.ts';
import { batchedLiveSessions } from './live-sessions.ts';
import type { LiveSessionUser } from './session-repository.ts';

/** Sessions s1 to s9 of users 101 to 109, live unless revoked; records each query's ids. */
function sessionsStore() {
  const queries: string[][] = [];
  const revoked = new Set<string>();
  return {
    queries,
    revoked,
    async findLiveUsers(sessionIds: readonly string[]): Promise<LiveSessionUser[]> {
      queries.push([...sessionIds]);
      await new Promise((resolve) => nextTurn(resolve));
      return sessionIds
        .filter((id) => /^s\d$/.test(id) && !revoked.has(id))
        .map((id) => {
          const userId = 100 + Number(id.slice(1));
          return { id: userId, username: `读者${userId}`, session_id: id } as LiveSessionUser;
        });
    },
  };
}

describe('live sessions read together', () => {
  it("reads a turn's sessions in one query, each request getting its own user", async () => {
    const store = sessionsStore();
    const sessions = batchedLiveSessions(store);
    const asked: [string, number][] = [
      ['s1', 101],
      ['s2', 102],
      ['s1', 101],
      ['s3', 999], // a token whose user is not the session's
      ['gone', 104],
    ];
    const found = await inOwnCallbacks(
      asked.map(
        ([session, user]) =>
          () =>
            sessions.liveUser(session, user),
      ),
    );
    expect(store.queries).toEqual([['s1', 's2', 's3', 'gone']]);
    expect(found.map((row) => row?.id)).toEqual([101, 102, 101, undefined, undefined]);
    // Each request holds a row of its own, without the session's id.
    expect(found[0]).not.toBe(found[2]);
    expect(found[0]).toEqual({ id: 101, username: '读者101' } satisfies Partial<UserRow>);
  });

  it('sees a session revoked before a later turn', async () => {
    const store = sessionsStore();
    const sessions = batchedLiveSessions(store);
    expect((await sessions.liveUser('s5', 105))?.id).toBe(105);
    store.revoked.add('s5');
    expect(await sessions.liveUser('s5', 105)).toBeUndefined();
    expect(store.queries).toEqual([['s5'], ['s5']]);
  });

  it('reads at most 32 sessions a query', async () => {
    const store = sessionsStore();
    const sessions = batchedLiveSessions(store);
    const ids = Array.from({ length: 40 }, (_, at) => `x${at}`);
    await Promise.all(ids.map((id) => sessions.liveUser(id, 1)));
    expect(store.queries.map((query) => query.length)).toEqual([32, 8]);
  });
});
