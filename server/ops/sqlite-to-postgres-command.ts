import { parseArgs } from 'node:util';
import { migrateSqliteToPostgres } from './sqlite-to-postgres.ts';

// `npm run migrate:sqlite-to-postgres -- --from data/site.db --to $DATABASE_URL`: see README.
const { values } = parseArgs({
  options: { from: { type: 'string' }, to: { type: 'string' } },
});
if (!values.from || !values.to?.startsWith('postgres')) {
  console.error(
    'usage: npm run migrate:sqlite-to-postgres -- --from data/site.db --to postgres://...',
  );
  process.exit(2);
}
const started = performance.now();
const copies = await migrateSqliteToPostgres({
  from: values.from,
  to: values.to,
  log: console.log,
});
const rows = copies.reduce((sum, copy) => sum + copy.target, 0);
console.log(
  `${copies.length} tables, ${rows} rows, counts equal, search index rebuilt in ${Math.round(performance.now() - started)} ms`,
);
