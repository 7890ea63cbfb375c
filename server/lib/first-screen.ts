import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Category } from '../../contract/category.ts';
import type { PostList } from '../../contract/post.ts';
import { readManifest, routeAssets, ROUTES } from './route-assets.ts';

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

function readRouteCss(webRoot: string): string {
  const manifest = readManifest(webRoot);
  if (!manifest) return '';
  return routeAssets(manifest, ROUTES.home)
    .styles.map((file) => readFileSync(path.join(webRoot, file), 'utf8'))
    .join('\n');
}

export async function loadFirstScreen(
  modulePath: string | null,
  webRoot: string,
): Promise<FirstScreenRenderer | null> {
  if (!modulePath || !existsSync(modulePath)) return null;
  const module = (await import(pathToFileURL(modulePath).href)) as FirstScreenModule;
  const homeCss = readRouteCss(webRoot);
  return {
    home(feed, categories) {
      if (feed.posts.length === 0) return null;
      const screen = module.renderHomeFirstScreen(feed, categories);
      return { html: screen.html, css: `${homeCss}\n${screen.css}` };
    },
  };
}
