import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Request, Result } from 'autocannon';
import SQLite from 'better-sqlite3';
import { createRandom, TOPICS } from './chinese-text.ts';
import { seedBenchDatabase } from './seed.ts';

/**
 * `npm run bench`: 100 000 notes and 1 000 000 likes in a fresh SQLite database, the real
 * server (rate limits off) on loopback, and autocannon at 50 connections against the home
 * feed, a note page and search. Targets (issue 3, 2-core machine): feed and note
 * ≥ 3 000 requests/s, search ≥ 1 000 with p99 under 50 ms.
 */

const SIZE = { users: 2_000, posts: 100_000, likes: 1_000_000 };
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGETS = { feed: 3000, note: 3000, search: 1000 };
const P99_LIMIT_MS = 50;

const HOT_SEARCHES = [
  'AI',
  '编程',
  '设计',
  '生活',
  '摄影',
  '向量数据库',
  '提示词',
  '长曝光',
  'TypeScript',
  '咖啡',
  '性能优化',
  '配色',
  '大语言模型',
  '周末 旅行',
  '构图',
  '单元测试',
  'Rust',
  '字体 排版',
  '缓存',
  '夜景',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT: 'off',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_ROOT: path.join(dataDir, 'no-web-root'),
      DATABASE_URL: '',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/categories`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('the server did not start within 60 s');
}

function publishedIds(dataDir: string, count: number): number[] {
  const db = new SQLite(path.join(dataDir, 'site.db'), { readonly: true });
  const rows = db
    .prepare("SELECT id FROM posts WHERE status = 'approved' ORDER BY random() LIMIT ?")
    .all(count) as { id: number }[];
  db.close();
  return rows.map((row) => row.id);
}

interface Scenario {
  name: string;
  target: number;
  p99Limit?: number;
  /** CONNECTIONS unless given. */
  connections?: number;
  requests: Request[];
}

async function measure(url: string, scenario: Scenario, seconds: number): Promise<Result> {
  return autocannon({
    url,
    connections: scenario.connections ?? CONNECTIONS,
    duration: seconds,
    requests: scenario.requests,
  });
}

/** One request whose path is drawn anew every time. */
const rotating = (paths: () => string): Request[] => [
  { method: 'GET', setupRequest: (request) => ({ ...request, path: paths() }) },
];

async function main() {
  // BENCH_DATA_DIR: seed into (or reuse) a kept folder, to measure again without reseeding.
  const kept = process.env.BENCH_DATA_DIR;
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), 'vibe-bench-'));
  let server: ChildProcess | null = null;
  try {
    let seedSeconds: number | null = null;
    if (kept && existsSync(path.join(kept, 'site.db'))) {
      console.log(`reusing the database in ${kept}`);
    } else {
      mkdirSync(dataDir, { recursive: true });
      console.log(`seeding ${SIZE.posts} notes and ${SIZE.likes} likes into ${dataDir} …`);
      const seeded = await seedBenchDatabase(dataDir, SIZE);
      seedSeconds = Number(seeded.seconds.toFixed(1));
      console.log(`seeded ${seeded.likes} likes in ${seedSeconds} s`);
    }

    const ids = publishedIds(dataDir, 5000);
    const port = await freePort();
    server = await startServer(dataDir, port);
    const url = `http://127.0.0.1:${port}`;
    const random = createRandom(7);
    const words = Object.values(TOPICS).flat();

    const scenarios: Scenario[] = [
      {
        name: 'home feed',
        target: TARGETS.feed,
        requests: rotating(() =>
          random.pick([
            '/api/posts',
            '/api/posts?page=1&limit=10',
            '/api/posts?page=2&limit=10',
            '/api/posts?category=ai',
            '/api/posts?category=coding&page=3',
            '/api/posts?sort=popular',
            '/api/posts?sort=recommended&limit=20',
          ]),
        ),
      },
      {
        name: 'note page',
        target: TARGETS.note,
        requests: rotating(() => `/api/posts/${random.pick(ids)}`),
      },
      {
        name: 'search (hot queries)',
        target: TARGETS.search,
        p99Limit: P99_LIMIT_MS,
        requests: rotating(
          () => `/api/posts?search=${encodeURIComponent(random.pick(HOT_SEARCHES))}`,
        ),
      },
      {
        // Thousands of distinct two-word queries: nearly every one misses the caches. For
        // information (no target); fewer connections, as 50 would only queue behind the CPU.
        name: 'search (uncached)',
        target: 0,
        connections: 10,
        requests: rotating(
          () =>
            `/api/posts?search=${encodeURIComponent(`${random.pick(words)} ${random.pick(words)}`)}`,
        ),
      },
    ];

    const results = [];
    for (const scenario of scenarios) {
      // Warm up first (JIT, SQLite's page cache and, for hot searches, the result cache).
      if (scenario.target > 0) await measure(url, scenario, 2);
      const result = await measure(url, scenario, SECONDS);
      const row = {
        scenario: scenario.name,
        connections: scenario.connections ?? CONNECTIONS,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
        target: scenario.target
          ? `≥ ${scenario.target}/s${scenario.p99Limit ? `, p99 < ${scenario.p99Limit} ms` : ''}`
          : '—',
        met:
          scenario.target === 0
            ? '—'
            : result.requests.average >= scenario.target &&
                (!scenario.p99Limit || result.latency.p99 < scenario.p99Limit)
              ? 'yes'
              : 'NO',
      };
      results.push(row);
      console.log(
        `${row.scenario.padEnd(22)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.p50Ms} ms  p99 ${row.p99Ms} ms  errors ${row.errors}  target ${row.target} ${row.met}`,
      );
    }
    console.table(results);

    const report = {
      at: new Date().toISOString(),
      size: SIZE,
      seedSeconds,
      connections: CONNECTIONS,
      seconds: SECONDS,
      results,
    };
    mkdirSync('bench/results', { recursive: true });
    const file = path.join('bench/results', `api-${report.at.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`saved ${file}`);
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
