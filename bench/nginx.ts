import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { spawnInstance, startNginx } from '../tests/helpers/cluster.ts';
import type { Instance } from '../tests/helpers/cluster.ts';
import { freePort } from '../tests/helpers/e2e.ts';
import { createPostgresDatabase } from '../tests/helpers/test-app.ts';

/**
 * `npx tsx bench/nginx.ts` (after `npm run build`; needs nginx, TEST_DATABASE_URL and
 * TEST_REDIS_URL as the tests do): the demo site on PostgreSQL behind deploy/nginx.conf, with
 * one and then three compiled instances, autocannon at the same load through nginx against the
 * home feed and a note. The README's capacity note quotes its output.
 */
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!adminUrl || !redisUrl) throw new Error('set TEST_DATABASE_URL and TEST_REDIS_URL');

const dir = mkdtempSync(path.join(tmpdir(), 'vibe-bench-nginx-'));
const prefix = `vibe-bench-${process.pid}`;
const database = await createPostgresDatabase();
const env = {
  DATABASE_URL: database.url,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: prefix,
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
  TRUST_PROXY: 'true',
  RATE_LIMIT: 'off',
  LOG_LEVEL: 'warn',
  WEB_ROOT: path.resolve('dist'),
};
const instances: Instance[] = [];

async function measure(origin: string, pathname: string) {
  const result = await autocannon({
    url: `${origin}${pathname}`,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ');
  return (
    `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
    `p99 ${result.latency.p99} ms (${statuses}; ${result.errors} errors, ${result.timeouts} timeouts)`
  );
}

try {
  const ports = await Promise.all([freePort(), freePort(), freePort()]);
  // The first instance seeds the demo content; the others start on the seeded database.
  const first = spawnInstance(ports[0], {
    ...env,
    DATA_DIR: path.join(dir, 'i0'),
    SEED_DEMO: 'true',
  });
  instances.push(first);
  await first.ready;
  const others = ports.slice(1).map((port, index) =>
    spawnInstance(port, {
      ...env,
      DATA_DIR: path.join(dir, `i${index + 1}`),
      SEED_DEMO: 'false',
    }),
  );
  instances.push(...others);
  await Promise.all(others.map((instance) => instance.ready));

  const feed = await fetch(`http://127.0.0.1:${ports[0]}/api/posts?page=1`);
  const { posts } = (await feed.json()) as { posts: Array<{ id: string }> };
  const note = `/api/posts/${posts[0].id}`;

  for (const count of [1, 3]) {
    const nginx = await startNginx(path.join(dir, `nginx-${count}`), ports.slice(0, count));
    try {
      console.log(`${count} instance(s) behind nginx, ${CONNECTIONS} connections, ${SECONDS} s:`);
      console.log(`  home feed  ${await measure(nginx.origin, '/api/posts?page=1')}`);
      console.log(`  a note     ${await measure(nginx.origin, note)}`);
    } finally {
      await nginx.stop();
    }
  }
} finally {
  await Promise.all(instances.map((instance) => instance.stop()));
  await database.drop();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  rmSync(dir, { recursive: true, force: true });
}
