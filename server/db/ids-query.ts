import { CompiledQuery } from 'kysely';
import type { Compilable, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Lists of ids longer than this are compiled each time rather than kept. */
const MAX_KEPT_LENGTH = 100;

/**
 * A query whose only parameters are a list of ids, compiled by Kysely once for each length of
 * the list and run again with other ids. Building and compiling a select of a card's 22 columns
 * and a join cost the thread that answers requests 150 µs on the bench's machine, running the
 * compiled text 5 µs, and distinct searches read the cards they have not cached (decision 024).
 * Kysely keeps no compiled queries itself; `build` must put `ids`, in order, as its only
 * parameters, which the first compilation of each length checks.
 */
export function idsQuery<Row>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, ids: readonly number[]) => Compilable<Row>,
): (ids: readonly number[]) => Promise<Row[]> {
  const texts = new Map<number, string>();
  const compiled = (ids: readonly number[]): string => {
    const kept = texts.get(ids.length);
    if (kept !== undefined) return kept;
    const query = build(db, ids).compile();
    const onlyIds =
      query.parameters.length === ids.length &&
      query.parameters.every((value, at) => value === ids[at]);
    if (!onlyIds) throw new Error('idsQuery: the query has parameters other than its ids');
    if (ids.length <= MAX_KEPT_LENGTH) texts.set(ids.length, query.sql);
    return query.sql;
  };
  return async (ids) => {
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled(ids), [...ids]));
    return result.rows;
  };
}
