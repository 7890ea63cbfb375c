import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from '../helpers/e2e.ts';

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** Resident memory of the server process, in MiB (from /proc). */
  rssMiB(): number;
  /** Stops it the hard way: no shutdown hook runs, as in a power cut or an OOM kill. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** Asks until the server answers: another process's readiness has no event to await. */
async function waitUntilServing(origin: string, child: ChildProcess, errors: string[]) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${errors.join('')}`);
    try {
      if ((await fetch(`${origin}/healthz`)).status < 500) return;
    } catch {
      // not listening yet
    }
    await delay(100);
  }
}

/**
 * The real server as its own process, on a data folder (and database) the caller keeps, so the
 * crash test can kill it and start another on the same data.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) =>
    errors.splice(0, errors.length - 20, chunk.toString()),
  );
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilServing(origin, child, errors);
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    origin,
    child,
    rssMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited();
    },
    async stop() {
      child.kill('SIGTERM');
      await exited();
    },
  };
}
