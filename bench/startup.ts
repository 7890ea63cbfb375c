import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/helpers/e2e.ts';

/**
 * `npx tsx bench/startup.ts`: time from starting the server process to its first answered
 * request (GET /api/categories, which reads the database), median of RUNS starts on a data
 * folder that already exists (migrations applied, demo content off), for the compiled server
 * (`npm run serve`) and, for comparison, the TypeScript source run through tsx.
 */
const RUNS = Number(process.env.STARTUP_RUNS ?? 5);

async function timeStart(command: string[], dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, command, {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/categories`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-startup-'));
try {
  const variants: Array<[string, string[]]> = [
    ['compiled (node dist-server/main.js)', ['dist-server/main.js']],
    ['source (tsx server/main.ts)', ['--import', 'tsx', 'server/main.ts']],
  ];
  // The first start creates the database; it is not counted.
  await timeStart(variants[0][1], dataDir);
  // Interleaved, so a change in the machine's load weighs on both alike.
  const times = variants.map((): number[] => []);
  for (let run = 0; run < RUNS; run += 1) {
    for (const [index, [, command]] of variants.entries()) {
      times[index].push(await timeStart(command, dataDir));
    }
  }
  for (const [index, [name]] of variants.entries()) {
    console.log(
      `${name}: median ${Math.round(median(times[index]))} ms to the first answer (${times[index].map(Math.round).join(', ')})`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
