// Loaded into a server process with `node --import` (plain JavaScript: it runs before any
// TypeScript loader): writes the URL of every module the process imports to the file named by
// PACKAGE_LOG, one a line, so a test can tell which packages a start-up loaded.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

// The same file is the preload (main thread) and the hooks (Node runs them on a thread of
// their own).
if (isMainThread) register(import.meta.url);

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  // Synchronous, so every import is written before the server can answer a request.
  if (process.env.PACKAGE_LOG) appendFileSync(process.env.PACKAGE_LOG, `${resolved.url}\n`);
  return resolved;
}
