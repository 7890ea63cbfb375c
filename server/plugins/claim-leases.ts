import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { claimRow } from '../db/keyed-writes.ts';
import type { KeyedWrite } from '../db/keyed-writes.ts';
import type { Database } from '../db/schema.ts';

/** How often the process running a keyed write says, in its claim, that it still does. */
export const RENEW_EVERY_MS = 2_000;
/**
 * A claim not renewed for this long belonged to a process that died (or stalled) mid-request,
 * and a retry may take it over. Five renewals: a loop or a database busy for seconds does not
 * lose a claim, and a retry after an instance is killed waits seconds, not a minute. A process
 * that was only stalled cannot commit the write after the takeover (server/db/keyed-writes.ts).
 */
export const ABANDONED_AFTER_MS = 5 * RENEW_EVERY_MS;
/**
 * A write still running after this long is renewed no more: a handler that never ends would
 * otherwise hold its key for the life of the process, and every retry would be told to wait. A
 * retry may then take the claim over, and the stuck write can no longer commit.
 */
export const HELD_AT_MOST_MS = 60_000;

/** The claim's row as a retry reads it. */
export interface ClaimTimes {
  created_at: number;
  renewed_at: number | null;
}

export const isAbandoned = (row: ClaimTimes, now: number): boolean =>
  now - Math.max(row.created_at, row.renewed_at ?? 0) > ABANDONED_AFTER_MS;

/**
 * Renews claims while their writes run: a row written every two seconds per keyed write still
 * running, which most never are (they answer in milliseconds and stop before the first). A
 * lease rather than a lock held on a connection: the claim lives in the shared database, as
 * every instance must see it, and SQLite has no lock a process holds beyond its transaction.
 */
export function createClaimLeases(db: Kysely<Database>, log: FastifyBaseLogger) {
  async function renew(claim: KeyedWrite) {
    try {
      await db
        .updateTable('idempotency_keys')
        .set({ renewed_at: Date.now() })
        .where((eb) => eb.and(claimRow(claim)))
        .where('status', 'is', null)
        .execute();
    } catch (error) {
      // The next renewal may succeed; past the lease a retry takes the claim over, and this
      // request's commit is then refused rather than doubled.
      log.warn({ err: error, scope: claim.scope }, 'renewing an idempotency claim failed');
    }
  }

  return {
    /** Renews `claim` until the returned function is called, for `HELD_AT_MOST_MS` at most. */
    hold(claim: KeyedWrite): () => void {
      const until = Date.now() + HELD_AT_MOST_MS;
      const timer = setInterval(() => {
        if (Date.now() > until) clearInterval(timer);
        else void renew(claim);
      }, RENEW_EVERY_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
