import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { errorText } from '../../contract/messages.ts';
import { claimRow, keyedWriteContext } from '../db/keyed-writes.ts';
import type { KeyedWrite } from '../db/keyed-writes.ts';
import type { Database } from '../db/schema.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import { createClaimLeases, isAbandoned } from './claim-leases.ts';

/** The key a client sends: its own random id (a UUID in practice). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,64}$/;
/** A first answer is replayed for a day, then its row is purged. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** How long a duplicate waits for the first request (handled by another instance) to answer. */
const DUPLICATE_WAIT_MS = 15_000;
const DUPLICATE_POLL_MS = 100;
const PURGE_EVERY_MS = 10 * 60_000;
/** Answers that say nothing about the write itself: the retry must run again, not replay them. */
const TRANSIENT_STATUSES = new Set([401, 408, 429]);

interface Claim extends KeyedWrite {
  settled: boolean;
}

/** The answer a route gives again for a write that committed but whose answer was lost. */
export interface RecoveredAnswer {
  status: number;
  body: unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed; its answer is stored when it is sent. */
    idempotencyClaim: Claim | null;
  }
  interface FastifyContextConfig {
    /**
     * Answers a retry of a keyed write that committed (its claim is marked) while its process
     * died before the answer was stored, from what the write recorded it created. Without it,
     * such a retry is told the write was done (409) instead of running it a second time.
     */
    recoverAnswer?: (request: FastifyRequest, resource: string) => Promise<RecoveredAnswer>;
    /** A POST whose second run changes nothing more (an upsert by the client's own id). */
    safeToRunAgain?: boolean;
  }
}

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/** The request as the key promises it: the same key with another request is a client bug. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(request.body === undefined ? '' : JSON.stringify(request.body))
    .digest('hex');
}

/** A signed-in caller's keys are theirs on every device; before sign-in, the address's. */
const scopeOf = (request: FastifyRequest) =>
  request.viewer ? `u:${request.viewer.id}` : `a:${request.ip}`;

const storable = (status: number) => status < 500 && !TRANSIENT_STATUSES.has(status);

function bodyText(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  if (payload === null || payload === undefined) return '';
  return null; // a stream: nothing to keep, so a retry runs again
}

/** A key's row by its primary key (scope, key). */
export const findKeyRow = (db: Kysely<Database>, scope: string, key: string) =>
  db
    .selectFrom('idempotency_keys')
    .select([
      'fingerprint',
      'status',
      'content_type',
      'response',
      'created_at',
      'committed_at',
      'resource',
      'renewed_at',
    ])
    .where('scope', '=', scope)
    .where('key', '=', key);

/** Rows past their day (index idempotency_keys_expires). */
export const expiredKeys = (db: Kysely<Database>, now: number) =>
  db.deleteFrom('idempotency_keys').where('expires_at', '<', now);

/**
 * `Idempotency-Key` on every write of the API (one mechanism for every route, written by hand
 * because the Fastify plugins on npm keep answers in memory, per instance). The first request
 * with a key claims it with one insert on the primary key; its answer (status and body) is
 * stored before it is sent, so a client whose answer was lost gets the same one back. A
 * duplicate that arrives while the first is running waits for it; a key sent again with a
 * different request is refused with 422. The write's own transaction marks the claim as it
 * commits, so a claim left without an answer by a dead process is never run a second time: the
 * retry is answered by the route's `recoverAnswer`, or told the write was done. A claim is a
 * lease its process renews while the write runs (claim-leases.ts, decision 034): a retry knows
 * within seconds that the process died.
 */
async function idempotency(app: FastifyInstance) {
  const db = app.db;
  const leases = createClaimLeases(db, app.log);
  /** Duplicates in this process wait on these instead of polling the database. */
  const running = new Map<string, { done: Promise<void>; finish: () => void }>();
  const runningKey = (claim: Pick<Claim, 'scope' | 'key'>) => `${claim.scope}\n${claim.key}`;

  app.decorateRequest('idempotencyClaim', null);

  /** The key claimed for this request, renewed while it runs; null when another holds it. */
  async function claim(scope: string, key: string, fingerprint: string): Promise<Claim | null> {
    const now = Date.now();
    const result = await db
      .insertInto('idempotency_keys')
      .values({
        scope,
        key,
        fingerprint,
        status: null,
        content_type: null,
        response: null,
        created_at: now,
        expires_at: now + IDEMPOTENCY_TTL_MS,
        committed_at: null,
        resource: null,
      })
      .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return null;
    const claimed: Claim = { scope, key, claimedAt: now, resource: null, settled: false };
    const stopRenewing = leases.hold(claimed);
    let resolve = () => {};
    const done = new Promise<void>((resolved) => (resolve = resolved));
    const finish = () => {
      stopRenewing();
      resolve();
    };
    running.set(runningKey(claimed), { done, finish });
    return claimed;
  }

  /** Frees the key of a request that failed before its write committed, so a retry runs it. */
  async function release(claim: Claim) {
    claim.settled = true;
    await db
      .deleteFrom('idempotency_keys')
      .where((eb) => eb.and(claimRow(claim)))
      .where('status', 'is', null)
      .where('committed_at', 'is', null)
      .execute();
    settle(claim);
  }

  function settle(claim: Claim) {
    claim.settled = true;
    const entry = running.get(runningKey(claim));
    running.delete(runningKey(claim));
    entry?.finish();
  }

  async function waitForFirst(scope: string, key: string, deadline: number) {
    const local = running.get(runningKey({ scope, key }));
    if (local) return local.done;
    if (Date.now() >= deadline) throw new AppError(409, errorText.idempotencyKeyInFlight);
    await new Promise((resolve) => setTimeout(resolve, DUPLICATE_POLL_MS));
  }

  /** The claim this request now holds, or 'answered' when the answer was sent from the key. */
  async function claimFor(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Claim | 'answered' | null> {
    if (!isWrite(request.method) || !request.url.startsWith('/api/') || request.is404) return null;
    const key = request.headers['idempotency-key'];
    if (key === undefined) return null;
    // The batch itself is not one write: each of its writes carries its own key.
    if (request.routeOptions.url === '/api/batch') return null;
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
      throw badRequest(errorText.idempotencyKeyInvalid);
    }
    const scope = scopeOf(request);
    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + DUPLICATE_WAIT_MS;
    for (;;) {
      const claimed = await claim(scope, key, fingerprint);
      if (claimed) return claimed;
      const row = await findKeyRow(db, scope, key).executeTakeFirst();
      if (!row) continue; // released (its first request failed) or purged: claim it again
      if (row.fingerprint !== fingerprint) {
        throw new AppError(422, errorText.idempotencyKeyReused);
      }
      if (row.status !== null) {
        void reply.code(row.status).header('idempotent-replayed', 'true');
        if (row.content_type) void reply.type(row.content_type);
        void reply.send(row.response ?? '');
        return 'answered';
      }
      if (isAbandoned(row, Date.now())) {
        const lost: Claim = {
          scope,
          key,
          claimedAt: row.created_at,
          resource: row.resource,
          settled: false,
        };
        if (row.committed_at !== null && !runsAgainSafely(request, lost)) {
          await recover(request, reply, lost);
          return 'answered';
        }
        await db
          .deleteFrom('idempotency_keys')
          .where((eb) => eb.and(claimRow(lost)))
          // Renewed since it was read: its process is alive after all.
          .where('renewed_at', row.renewed_at === null ? 'is' : '=', row.renewed_at)
          .where('status', 'is', null)
          .execute();
        continue;
      }
      await waitForFirst(scope, key, deadline);
    }
  }

  /**
   * A committed write whose answer was lost may simply run again when running it twice has the
   * effect of running it once (PUT and DELETE, or a route that says so) and the route cannot
   * answer from what it recorded.
   */
  function runsAgainSafely(request: FastifyRequest, lost: Claim) {
    const { recoverAnswer, safeToRunAgain } = request.routeOptions.config;
    if (recoverAnswer && lost.resource !== null) return false;
    return request.method === 'PUT' || request.method === 'DELETE' || safeToRunAgain === true;
  }

  /** A write that committed under a dead process: answered from what it created, never re-run. */
  async function recover(request: FastifyRequest, reply: FastifyReply, lost: Claim) {
    const answerOf = request.routeOptions.config.recoverAnswer;
    if (!answerOf || lost.resource === null) {
      throw new AppError(409, errorText.idempotencyKeyCommitted);
    }
    const answer = await answerOf(request, lost.resource);
    // Stored by the onSend hook like a first answer, so later retries replay it.
    request.idempotencyClaim = lost;
    void reply.code(answer.status).header('idempotent-replayed', 'true');
    void reply.send(answer.body);
  }

  // Callback style so that the handler runs inside the keyed write's context: the database
  // driver marks the claim in the write's own transaction (server/db/keyed-writes.ts).
  app.addHook('preHandler', (request, reply, done) => {
    claimFor(request, reply).then((claimed) => {
      if (claimed === 'answered') return;
      if (claimed === null) return done();
      request.idempotencyClaim = claimed;
      keyedWriteContext.run({ write: claimed }, done);
    }, done);
  });

  // Stored before the answer leaves, so a retry after a lost answer always finds it.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim || claim.settled) return payload;
    const response = bodyText(payload);
    if (!storable(reply.statusCode) || response === null) {
      await release(claim);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await db
      .updateTable('idempotency_keys')
      .set({
        status: reply.statusCode,
        content_type: typeof contentType === 'string' ? contentType.slice(0, 128) : null,
        response,
      })
      .where((eb) => eb.and(claimRow(claim)))
      .execute();
    settle(claim);
    return payload;
  });

  // A request that ended without sending (a hijacked reply, a failing hook) frees its key.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim;
    if (claim && !claim.settled) await release(claim);
  });

  const purge = async () => {
    try {
      await expiredKeys(db, Date.now()).execute();
    } catch (error) {
      app.log.warn({ err: error }, 'purging expired idempotency keys failed');
    }
  };
  const timer = setInterval(() => void purge(), PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onReady', purge);
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(idempotency, { name: 'idempotency', dependencies: ['database', 'auth'] });
