import { spawn } from 'node:child_process';
import type { Logger } from 'pino';

/**
 * The argument that makes the server's own entry (server/main.ts) seed the demo content and exit
 * instead of listening.
 */
export const SEED_DEMO_ARGUMENT = '--seed-demo-and-exit';

/**
 * Seeds the demo content in a child process of the same entry, loader and flags, and waits for
 * it. Drawing the demo pictures with sharp (libvips) and writing the notes left the server that
 * did it at 363-434 MiB at rest, against 128-143 MiB for the same server started again on the
 * same data: the memory libvips and the allocator keep is not given back to the system. A
 * process of its own gives all of it back when it ends.
 */
export function seedDemoInChildProcess(log: Logger): Promise<void> {
  const entry = process.argv[1];
  if (!entry) return Promise.reject(new Error('no entry script to seed the demo content with'));
  log.info('seeding the demo content in a process of its own (first start)');
  const child = spawn(process.execPath, [...process.execArgv, entry, SEED_DEMO_ARGUMENT], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`the demo seeding process ended with ${signal ?? `code ${code}`}`));
    });
  });
}
