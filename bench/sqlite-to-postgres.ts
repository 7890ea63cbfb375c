import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateSqliteToPostgres } from '../server/ops/sqlite-to-postgres.ts';
import { createPostgresDatabase } from '../tests/helpers/test-app.ts';
import { seedBenchDatabase } from './seed.ts';

/**
 * `npx tsx bench/sqlite-to-postgres.ts` (TEST_DATABASE_URL set): seeds the benchmark's notes into
 * SQLite and times `npm run migrate:sqlite-to-postgres`'s work into a fresh PostgreSQL
 * database, then a second, idempotent run. The README quotes its output.
 */
const SIZE = {
  users: 2_000,
  posts: Number(process.env.BENCH_POSTS ?? 100_000),
  likes: Number(process.env.BENCH_LIKES ?? 300_000),
};
if (!process.env.TEST_DATABASE_URL) throw new Error('set TEST_DATABASE_URL');

const dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-bench-move-'));
const target = await createPostgresDatabase();
try {
  await seedBenchDatabase(dataDir, SIZE);
  const from = path.join(dataDir, 'site.db');
  for (const run of ['first', 'second'] as const) {
    const started = performance.now();
    const copies = await migrateSqliteToPostgres({ from, to: target.url });
    const rows = copies.reduce((sum, copy) => sum + copy.target, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${run} run: ${copies.length} tables, ${rows} rows, counts equal, ${seconds} s`);
  }
} finally {
  await target.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
