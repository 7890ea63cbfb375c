import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { APP_SCRIPTS_ELEMENT_ID } from '../../contract/page-hints.ts';
import type { AppScripts } from '../../contract/page-hints.ts';

/** The home page's JavaScript before any interaction, gzip (the budget the README states). */
export const FIRST_LOAD_BUDGET_BYTES = 140 * 1024;

export interface ChunkWeight {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** `import{a as b}from"./x.js"` and `import"./x.js"` as the bundler writes them. */
const STATIC_IMPORT =
  /(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+\s*from\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;

/** The chunks `file` loads before it runs: itself and its static imports, transitively. */
function staticClosure(webRoot: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(path.join(webRoot, file), 'utf8');
  for (const match of source.matchAll(STATIC_IMPORT)) {
    const imported = path.posix.join(path.posix.dirname(file), match[1]);
    staticClosure(webRoot, imported, seen);
  }
  return seen;
}

function weigh(webRoot: string, file: string): ChunkWeight {
  const content = readFileSync(path.join(webRoot, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
}

const APP_SCRIPTS = new RegExp(
  `<script type="application/json" id="${APP_SCRIPTS_ELEMENT_ID}">([^<]+)</script>`,
);

/** The app's entry script and its preloads, as the built index.html names them for the boot script. */
export function appScriptsOf(html: string): AppScripts {
  const scripts = APP_SCRIPTS.exec(html);
  if (!scripts) throw new Error('the page names no app entry script');
  return JSON.parse(scripts[1]) as AppScripts;
}

/**
 * What the home page loads before interaction: index.html's loader, the app's entry script it
 * names with its static imports, and the home route's chunk with its own (the router imports it at once for "/").
 */
export function homeFirstLoad(webRoot: string): ChunkWeight[] {
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const entry = appScriptsOf(html).entry.replace(/^\//, '');
  const entrySource = readFileSync(path.join(webRoot, entry), 'utf8');
  const homeImport = /import\(["'`](\.{1,2}\/[^"'`]*\bhome-[\w-]+\.js)["'`]\)/.exec(entrySource);
  const files = staticClosure(webRoot, entry);
  // The page's one script tag, which loads the entry after the first paint.
  const boot = /<script type="module" crossorigin src="\/([^"]+\.js)"><\/script>/.exec(html)?.[1];
  if (boot) staticClosure(webRoot, boot, files);
  if (homeImport) {
    staticClosure(webRoot, path.posix.join(path.posix.dirname(entry), homeImport[1]), files);
  } else {
    throw new Error('the entry script does not import a home-*.js route chunk');
  }
  return [...files].map((file) => weigh(webRoot, file)).sort((a, b) => b.gzipBytes - a.gzipBytes);
}

export const totalGzip = (chunks: ChunkWeight[]) =>
  chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
