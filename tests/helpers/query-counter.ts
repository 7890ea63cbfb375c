import type { KyselyPlugin } from 'kysely';

/**
 * A plugin that counts the queries run through the handle it is added to (`db.withPlugin`). It
 * counts results, not compilations: a query compiled once and run again with new values
 * (server/db/ids-query.ts) is transformed only the first time.
 */
export function queryCounter() {
  const counter = { queries: 0, plugin: null as unknown as KyselyPlugin };
  counter.plugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.queries += 1;
      return args.result;
    },
  };
  return counter;
}
