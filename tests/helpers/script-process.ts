import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect } from 'vitest';

/**
 * Runs `script` (an ES module, TypeScript allowed, paths from the repository's root) in a process
 * of its own, for what a test must see from a fresh process: its memory, its start-up, the
 * modules it loaded, what V8 prints. Expects it to exit with 0 and returns its standard output.
 */
export async function runScriptOutput(script: string, nodeFlags: string[] = []): Promise<string> {
  const child = spawn(
    process.execPath,
    [...nodeFlags, '--import', 'tsx', '--input-type=module', '-e', script],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  expect(code).toBe(0);
  return output;
}

/** As `runScriptOutput`, for a script that prints one JSON value, which it returns. */
export async function runScript<T>(script: string, nodeFlags: string[] = []): Promise<T> {
  return JSON.parse(await runScriptOutput(script, nodeFlags)) as T;
}
