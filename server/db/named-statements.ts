import type { Pool, PoolClient } from 'pg';

/**
 * How many texts of SQL get a name. Each named statement lives in every connection that ran it
 * until the connection closes, so the count is bounded; past it, texts run unnamed as before.
 * Each of the bench's scenarios runs 14-36 texts; an `in` list of each length is a text of its own.
 */
export const MAX_NAMED_STATEMENTS = 300;

/**
 * Put in a statement's text to keep it unnamed, planned for its values each time it runs. A
 * named statement's plan turns generic after five runs, and a generic plan takes a text-search
 * condition (`@@ $1::tsquery`) to match a few notes whatever its words: for the notes holding a
 * quoted phrase and two words at 100,000 notes it read one word's index and checked the phrase
 * note by note, 804 ms, where the plan made for the words read both indexes in 22 ms.
 */
export const PLANNED_EACH_TIME = '/* planned each time */';

/** The warning's type, for an operator's filters and for the test. */
export const NAMES_REFUSED = 'PostgresNamedStatementsRefused';

type Query = (...args: unknown[]) => unknown;

/** PostgreSQL's code for a statement name it does not know, and for a feature refused. */
const UNKNOWN_STATEMENT = '26000';
const NOT_SUPPORTED = '0A000';

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

/**
 * Sends each query of the pool's connections as a named prepared statement, the same name for
 * the same text of SQL. Kysely sends every query unnamed, which PostgreSQL parses and plans
 * anew each time; named, it is parsed once per connection and its plan is kept. Under the
 * bench's note pages on PostgreSQL this took 2,106-2,222 pages a second to 3,349-3,359, and
 * distinct searches from 902-973 a second to 1,026-1,077 (decision 046). pg names a statement
 * when asked (`{ name, text, values }`); it is Kysely that never asks.
 *
 * Two refusals are handled here rather than surfacing as a failed request:
 * - A name the server does not know (26000): a pooler between us and PostgreSQL that hands each
 *   transaction another server connection (PgBouncer's transaction mode before 1.21). Names
 *   then stay off in this process, with a warning, and the query runs again unnamed.
 * - A kept plan whose columns changed (0A000, "cached plan must not change result type"): a
 *   migration run by another instance altered a table under a `select *`. Every text gets a
 *   new name, so each connection prepares it again, and the query runs again.
 * Inside a transaction the second try fails too (PostgreSQL refuses until the rollback), and
 * the request's error is the one it would have had; the next ones run.
 */
export function nameStatements(pool: Pool, max = MAX_NAMED_STATEMENTS): void {
  let names = new Map<string, string>();
  let generation = 0;
  let refused = false;
  const nameOf = (text: string): string | undefined => {
    if (refused || text.includes(PLANNED_EACH_TIME)) return undefined;
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `vibe_${generation}_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as Query;
    // Without a callback, pg answers a query with a promise.
    const run = (text: string, values: unknown[] | undefined) => {
      const name = nameOf(text);
      return (
        name === undefined ? query(text, values) : query({ name, text, values })
      ) as Promise<unknown>;
    };
    /** A failed named query: runs it again where a refusal is handled, else fails with it. */
    const retried = (text: string, values: unknown[] | undefined, error: unknown) => {
      const code = codeOf(error);
      if (code === UNKNOWN_STATEMENT) {
        // Queries named before the first refusal may meet it too: they run again unnamed.
        if (!refused) {
          process.emitWarning(
            'PostgreSQL did not know a prepared statement this connection had named: queries now run unnamed (a pooler in transaction mode?)',
            NAMES_REFUSED,
          );
        }
        refused = true;
      } else if (
        code === NOT_SUPPORTED &&
        String((error as Error).message).includes('cached plan')
      ) {
        generation += 1;
        names = new Map();
      } else {
        throw error;
      }
      return run(text, values);
    };
    // Not async: a cursor passed through must come back as itself, not in a promise.
    const named: Query = (...args) => {
      const [text, values] = args;
      // Only Kysely's form, (text, values) for a promise: cursors and callbacks pass through.
      if (
        typeof text !== 'string' ||
        args.length > 2 ||
        !(values === undefined || Array.isArray(values))
      ) {
        return query(...args);
      }
      return run(text, values).catch((error: unknown) => retried(text, values, error));
    };
    (client as unknown as { query: Query }).query = named;
  });
}
