import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The built app's index.html, which every page is served from; null when there is no build. */
export function readShell(webRoot: string | null): string | null {
  const shellFile = webRoot ? path.join(webRoot, 'index.html') : null;
  return shellFile && existsSync(shellFile) ? readFileSync(shellFile, 'utf8') : null;
}
