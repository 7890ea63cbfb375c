import { AsyncLocalStorage } from 'node:async_hooks';
import { DummyDriver, Kysely } from 'kysely';
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { errorText } from '../../contract/messages.ts';
import { AppError } from '../lib/errors.ts';
import type { Database } from './schema.ts';

/** A write sent with an `Idempotency-Key` whose claim this request holds. */
export interface KeyedWrite {
  scope: string;
  key: string;
  /**
   * When the claim was made: which claim of the key this request holds. A claim its process
   * stopped renewing is taken over by a retry (server/plugins/idempotency.ts), with a new one.
   */
  claimedAt: number;
  /** What the write created or changed (a note's id), for answering a retry whose answer was lost. */
  resource: string | null;
}

/**
 * The row of this claim and no other (`where((eb) => eb.and(claimRow(claim)))`): a retry that
 * took the key over made a new one, which this request's work must leave alone.
 */
export const claimRow = (claim: KeyedWrite) => ({
  scope: claim.scope,
  key: claim.key,
  created_at: claim.claimedAt,
});

/** Per request: the keyed write it is running, if any (set by server/plugins/idempotency.ts). */
export interface KeyedWriteContext {
  write: KeyedWrite | null;
}

export const keyedWriteContext = new AsyncLocalStorage<KeyedWriteContext>();

/** Says what the running keyed write created or changed, for a retry that finds no answer. */
export function recordWritten(resource: string | number): void {
  const write = keyedWriteContext.getStore()?.write;
  if (write) write.resource = String(resource);
}

const WRITE_KINDS = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);
const CLAIMS_TABLE = /\bidempotency_keys\b/;

/** A statement that changes rows other than the claims themselves. */
const changesRows = (query: CompiledQuery) =>
  WRITE_KINDS.has(query.query.kind) && !CLAIMS_TABLE.test(query.sql);

/**
 * Wraps a dialect so that a keyed write's commit also marks its claim as committed, in the same
 * transaction. The answer is stored only after the commit (it is built from what was written),
 * so a process killed between the two leaves a claim with no answer; the mark tells a retry that
 * the write happened and must not run again. A write outside any transaction is wrapped in one
 * for the same reason. Done in the driver, not in each module's transactions, so that no write
 * can forget it.
 */
export function markingCommits(dialect: Dialect): Dialect {
  // Compiles the mark with the dialect's own SQL (placeholders differ) without a connection.
  const compiler = new Kysely<Database>({
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    },
  });
  const markOf = (write: KeyedWrite) =>
    compiler
      .updateTable('idempotency_keys')
      .set({ committed_at: Date.now(), resource: write.resource })
      .where((eb) => eb.and(claimRow(write)))
      .compile();
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => new MarkingDriver(dialect.createDriver(), markOf),
  };
}

class MarkingDriver implements Driver {
  private readonly inTransaction = new WeakSet<DatabaseConnection>();

  constructor(
    private readonly driver: Driver,
    private readonly markOf: (write: KeyedWrite) => CompiledQuery,
  ) {}

  init() {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new MarkingConnection(await this.driver.acquireConnection(), this);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.driver.beginTransaction(connection, settings);
    this.inTransaction.add(connection);
  }

  /**
   * A claim taken over by a retry (this process stalled past its lease) is no longer this
   * request's: the retry runs the write, so this one must not commit it too.
   */
  async commitTransaction(connection: DatabaseConnection) {
    const write = keyedWriteContext.getStore()?.write;
    if (write) {
      const marked = await connection.executeQuery(this.markOf(write));
      if (marked.numAffectedRows === 0n) {
        throw new AppError(409, errorText.idempotencyKeyInFlight);
      }
    }
    this.inTransaction.delete(connection);
    await this.driver.commitTransaction(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    this.inTransaction.delete(connection);
    await this.driver.rollbackTransaction(connection);
  }

  /** A keyed write's statement outside a transaction: run in one, with the mark. */
  async executeAlone<R>(
    connection: MarkingConnection,
    query: CompiledQuery,
  ): Promise<QueryResult<R> | null> {
    // The context first: most statements belong to no keyed write, and it costs no regex.
    if (!keyedWriteContext.getStore()?.write) return null;
    if (this.inTransaction.has(connection) || !changesRows(query)) return null;
    await this.beginTransaction(connection, {});
    try {
      const result = await connection.inner.executeQuery<R>(query);
      await this.commitTransaction(connection);
      return result;
    } catch (error) {
      await this.rollbackTransaction(connection);
      throw error;
    }
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.driver.releaseConnection((connection as MarkingConnection).inner);
  }

  destroy() {
    return this.driver.destroy();
  }
}

class MarkingConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly driver: MarkingDriver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return (
      (await this.driver.executeAlone<R>(this, query)) ?? (await this.inner.executeQuery<R>(query))
    );
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}
