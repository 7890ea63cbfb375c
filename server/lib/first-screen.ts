import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Category } from '../../contract/category.ts';
import type { PostList } from '../../contract/post.ts';

/**
 * The server-rendered first screen of the home page (src/first-screen/first-screen.tsx, built by
 * `vite build --ssr` into dist-ssr/). Optional: without the built module the home page is the
 * plain shell, and the app draws everything itself.
 */

export interface FirstScreenModule {
  renderHomeFirstScreen(feed: PostList, categories: Category[]): { html: string; css: string };
}

export interface FirstScreenRenderer {
  /** The markup for #root and every rule it needs, or null when it cannot be drawn. */
  home(feed: PostList, categories: Category[]): { html: string; css: string } | null;
}

/** The page the first screen stands for, as Vite's manifest names it. */
const HOME_ROUTE = 'src/app/routes/home.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The CSS files a page bundle loads with it (its own and its static imports'), from the client
 * build's manifest. The entry's CSS is left out: the shell links it already.
 */
export function routeCssFiles(manifest: Record<string, ManifestChunk>, route: string): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || chunk.isEntry) return;
    seen.add(key);
    for (const file of chunk.css ?? []) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(route);
  return [...files];
}

function readRouteCss(webRoot: string, route: string): string {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  return routeCssFiles(manifest, route)
    .map((file) => readFileSync(path.join(webRoot, file), 'utf8'))
    .join('\n');
}

export async function loadFirstScreen(
  modulePath: string | null,
  webRoot: string,
): Promise<FirstScreenRenderer | null> {
  if (!modulePath || !existsSync(modulePath)) return null;
  const module = (await import(pathToFileURL(modulePath).href)) as FirstScreenModule;
  const homeCss = readRouteCss(webRoot, HOME_ROUTE);
  return {
    home(feed, categories) {
      if (feed.posts.length === 0) return null;
      const screen = module.renderHomeFirstScreen(feed, categories);
      return { html: screen.html, css: `${homeCss}\n${screen.css}` };
    },
  };
}
