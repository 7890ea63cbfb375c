import type { KyselyPlugin } from 'kysely';

/** A plugin that counts the queries run through the handle it is added to (`db.withPlugin`). */
export function queryCounter() {
  const counter = { queries: 0, plugin: null as unknown as KyselyPlugin };
  counter.plugin = {
    transformQuery: (args) => {
      counter.queries += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return counter;
}
