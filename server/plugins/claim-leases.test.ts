import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/schema.ts';
import {
  ABANDONED_AFTER_MS,
  createClaimLeases,
  HELD_AT_MOST_MS,
  isAbandoned,
  RENEW_EVERY_MS,
} from './claim-leases.ts';

describe('leases of idempotency claims', () => {
  const T0 = 1_800_000_000_000;
  let db: Kysely<Database>;
  const claim = { scope: 'u:1', key: 'k', claimedAt: T0, resource: null };
  const renewedAt = async () =>
    (
      await db
        .selectFrom('idempotency_keys')
        .select('renewed_at')
        .where('key', '=', 'k')
        .executeTakeFirstOrThrow()
    ).renewed_at;

  beforeEach(async () => {
    vi.useFakeTimers({ now: T0 });
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await sql`create table idempotency_keys (scope text, key text, created_at integer, status integer, renewed_at integer)`.execute(
      db,
    );
    await sql`insert into idempotency_keys values ('u:1', 'k', ${T0}, null, null)`.execute(db);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await db.destroy();
  });

  it('renews a held claim every few seconds, and stops when let go', async () => {
    const leases = createClaimLeases(db, pino({ level: 'silent' }));
    const letGo = leases.hold(claim);
    expect(await renewedAt()).toBeNull();
    await vi.advanceTimersByTimeAsync(RENEW_EVERY_MS);
    expect(await renewedAt()).toBe(T0 + RENEW_EVERY_MS);
    await vi.advanceTimersByTimeAsync(RENEW_EVERY_MS);
    expect(await renewedAt()).toBe(T0 + 2 * RENEW_EVERY_MS);
    letGo();
    await vi.advanceTimersByTimeAsync(3 * RENEW_EVERY_MS);
    expect(await renewedAt()).toBe(T0 + 2 * RENEW_EVERY_MS);
  });

  it('stops renewing a write that runs past its longest hold, so a retry can take it over', async () => {
    const letGo = createClaimLeases(db, pino({ level: 'silent' })).hold(claim);
    await vi.advanceTimersByTimeAsync(HELD_AT_MOST_MS);
    const last = await renewedAt();
    expect(last).toBe(T0 + HELD_AT_MOST_MS);
    await vi.advanceTimersByTimeAsync(ABANDONED_AFTER_MS + RENEW_EVERY_MS);
    expect(await renewedAt()).toBe(last);
    expect(isAbandoned({ created_at: T0, renewed_at: last }, Date.now())).toBe(true);
    letGo();
  });

  it('does not renew a claim a retry took over', async () => {
    await db
      .updateTable('idempotency_keys')
      .set({ created_at: T0 + 1 })
      .execute();
    const letGo = createClaimLeases(db, pino({ level: 'silent' })).hold(claim);
    await vi.advanceTimersByTimeAsync(RENEW_EVERY_MS);
    letGo();
    expect(await renewedAt()).toBeNull();
  });

  it('counts a claim as abandoned only past the lease since it was made or last renewed', () => {
    const made = { created_at: T0, renewed_at: null };
    expect(isAbandoned(made, T0 + ABANDONED_AFTER_MS)).toBe(false);
    expect(isAbandoned(made, T0 + ABANDONED_AFTER_MS + 1)).toBe(true);
    const renewed = { created_at: T0, renewed_at: T0 + 60_000 };
    expect(isAbandoned(renewed, T0 + 60_000 + ABANDONED_AFTER_MS)).toBe(false);
    expect(isAbandoned(renewed, T0 + 60_000 + ABANDONED_AFTER_MS + 1)).toBe(true);
  });
});
