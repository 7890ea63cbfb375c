import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/e2e.ts';

/**
 * The compiled server on its SQLite default (no DATABASE_URL, REDIS_URL or S3) must not load
 * the drivers and tools it does not use: each costs the process memory for its whole life.
 * They are imported with `await import()` where they are needed, and the build splits such
 * modules into files of their own (build-tools/build-server.mjs); esbuild would otherwise hoist
 * their packages' imports to the top of main.js. A hook in the process lists every module
 * it imports.
 */
const NOT_AT_START = [
  'pg',
  'ioredis',
  '@aws-sdk/client-s3',
  'sharp',
  'highlight.js',
  'web-push',
  'nodemailer',
];

const packageOf = (url: string) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];

describe('the SQLite default start-up', () => {
  let dataDir: string;
  let server: ChildProcess;
  let loaded: Set<string>;
  let origin: string;

  beforeAll(async () => {
    if (!existsSync('dist-server/main.js')) throw new Error('run `npm run build` first');
    dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-lazy-'));
    const packageLog = path.join(dataDir, 'imports.log');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PACKAGE_LOG: packageLog,
    };
    for (const name of Object.keys(env)) {
      if (name === 'REDIS_URL' || name.startsWith('S3_') || name.startsWith('SMTP_')) {
        delete env[name];
      }
    }
    server = spawn(
      process.execPath,
      ['--import', './tests/helpers/package-log-hooks.mjs', 'dist-server/main.js'],
      { env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    // Another process's readiness has no event to await: ask until it answers.
    for (;;) {
      if (server.exitCode !== null) throw new Error('the server exited');
      const ready = await fetch(`${origin}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await delay(100);
    }
    loaded = new Set(
      readFileSync(packageLog, 'utf8')
        .split('\n')
        .map(packageOf)
        .filter((name) => name !== undefined),
    );
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads what it runs on (the list of imports is complete)', () => {
    expect(loaded).toContain('better-sqlite3');
    expect(loaded).toContain('fastify');
  });

  it.each(NOT_AT_START)('does not load %s', (name) => {
    expect(loaded.has(name)).toBe(false);
  });

  it('has answered the feed once before it listens, so no visitor pays for the first request', async () => {
    // server/main.ts asks for it itself; nothing in this test asks for the feed.
    const metrics = await fetch(`${origin}/metrics`).then((response) => response.text());
    expect(metrics).toContain(
      'http_requests_total{method="GET",route="/api/posts",status_code="200"} 1\n',
    );
  });
});
