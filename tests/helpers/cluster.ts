import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './e2e.ts';

/** Several instances of the compiled server (`dist-server/main.js`) behind a real nginx. */

export interface Instance {
  port: number;
  /** host:port as nginx's $upstream_addr writes it. */
  address: string;
  logs: string[];
  /** Resolves once the process has exited, with its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s. */
  stop(): Promise<void>;
}

/**
 * The instance's JSON log lines so far (its stderr's, if any, are not JSON and are left out). A
 * chunk of output may end mid-line, so the chunks are joined before they are split.
 */
export function logLines<T>(instance: Pick<Instance, 'logs'>): T[] {
  return instance.logs
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as T);
}

/**
 * Starts `node dist-server/main.js`. The instance is returned at once (so a caller can always
 * stop it) with `ready`, which resolves when its /readyz answers 200.
 */
export function spawnInstance(
  port: number,
  env: Record<string, string>,
): Instance & { ready: Promise<void> } {
  const logs: string[] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', 'dist-server/main.js'],
    {
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  // 'close' comes after 'exit' once its output has been read to the end, so `logs` is whole.
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  const running = () => child.exitCode === null && child.signalCode === null;
  const ready = (async () => {
    // Nothing tells a parent process that the server listens but the server's own answer.
    while (running()) {
      const answered = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`instance exited:\n${logs.join('')}`);
  })();
  return {
    port,
    address: `127.0.0.1:${port}`,
    logs,
    exited,
    ready,
    async kill(signal) {
      if (running()) child.kill(signal);
      await exited;
    },
    async stop() {
      if (running()) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface Balancer {
  origin: string;
  /** The upstream ($upstream_addr) that answered the request nginx gave this id. */
  upstreamOf(requestId: string): Promise<string>;
  /** Access log lines so far. */
  accessLog(): string[];
  stop(): Promise<void>;
}

/**
 * Runs deploy/nginx.conf as an operator would include it, with only the listen address, the
 * upstream servers and the log path changed, under a main config of the test's own (prefix,
 * pid and temporary folders in `dir`).
 */
export async function startNginx(dir: string, upstreamPorts: number[]): Promise<Balancer> {
  const port = await freePort();
  const site = readFileSync('deploy/nginx.conf', 'utf8');
  const servers = upstreamPorts
    .map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  const accessLog = path.join(dir, 'access.log');
  const adapted = site
    .replace(/^ {4}server 127\.0\.0\.1:\d+ .*\n/gm, '')
    .replace(/^ {4}keepalive/m, `${servers}\n    keepalive`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(/access_log \S+/, `access_log ${accessLog}`);
  if (!adapted.includes(servers) || !adapted.includes(accessLog)) {
    throw new Error('deploy/nginx.conf no longer has the lines this test adapts');
  }
  mkdirSync(dir, { recursive: true });
  // nginx's workers drop root privileges: they must reach the temporary folders.
  chmodSync(dir, 0o755);
  writeFileSync(path.join(dir, 'vibe-notes.conf'), adapted);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
      `  include ${path.join(dir, 'vibe-notes.conf')};`,
      '}',
    ].join('\n'),
  );
  const child = spawn(
    'nginx',
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  // 'close' comes after 'exit' once its output has been read to the end, so `logs` is whole.
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors.join('')}`);
    const answered = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (attempt > 100) throw new Error(`nginx did not answer: ${errors.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const accessLines = () => readFileSync(accessLog, 'utf8').split('\n').filter(Boolean);
  return {
    origin,
    accessLog: accessLines,
    async upstreamOf(requestId) {
      // nginx writes the line just after the response's last byte: it may trail the client.
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const line = accessLines().find((entry) => entry.endsWith(` id=${requestId}`));
        // After a retry nginx lists every upstream tried ("a, b"): the last one answered.
        const upstream = line && /upstream=(\S+(?:, \S+)*)/.exec(line)?.[1].split(', ').pop();
        if (upstream) return upstream;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no access log line for request ${requestId}`);
    },
    async stop() {
      // A fast stop: a graceful one would wait for any event stream still open.
      child.kill('SIGTERM');
      await exited;
    },
  };
}
