import { CompiledQuery } from 'kysely';
import type { Compilable, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Lists of ids longer than this are compiled each time rather than kept. */
const MAX_KEPT_LENGTH = 100;

/**
 * A query whose parameters are some leading values (a reader's id) and then a list of ids
 * (numbers, or text such as session ids),
 * compiled by Kysely once for each length of the list and run again with other values: building
 * and compiling a select of a card's columns and its author cost the thread that answers
 * requests 150 µs on the bench's machine, running the compiled text 5 µs (decision 042). Kysely
 * keeps no compiled queries itself; `build` must put `leading` and then `ids`, in order, as its
 * only parameters, which the first compilation of each length checks.
 */
export function idsQuery<
  Row,
  Leading extends readonly unknown[] = [],
  Id extends number | string = number,
>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, ids: readonly Id[], ...leading: Leading) => Compilable<Row>,
): (ids: readonly Id[], ...leading: Leading) => Promise<Row[]> {
  const texts = new Map<number, string>();
  const compiled = (ids: readonly Id[], leading: Leading): string => {
    const kept = texts.get(ids.length);
    if (kept !== undefined) return kept;
    const query = build(db, ids, ...leading).compile();
    const expected = [...leading, ...ids];
    const onlyThese =
      query.parameters.length === expected.length &&
      query.parameters.every((value, at) => value === expected[at]);
    if (!onlyThese) throw new Error('idsQuery: the query has parameters other than its own');
    if (ids.length <= MAX_KEPT_LENGTH) texts.set(ids.length, query.sql);
    return query.sql;
  };
  return async (ids, ...leading) => {
    const text = compiled(ids, leading);
    const result = await db.executeQuery<Row>(CompiledQuery.raw(text, [...leading, ...ids]));
    return result.rows;
  };
}
