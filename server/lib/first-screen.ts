import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Category } from '../../contract/category.ts';
import type { Post, PostList } from '../../contract/post.ts';
import { readManifest, routeAssets, ROUTES } from './route-assets.ts';

/**
 * The server-rendered first screen of the home page (src/first-screen/first-screen.tsx, built by
 * `vite build --ssr` into dist-ssr/). Optional: without the built module the home page is the
 * plain shell, and the app draws everything itself.
 */

export interface Screen {
  html: string;
  css: string;
}

export interface FirstScreenModule {
  renderHomeFirstScreen(feed: PostList, categories: Category[]): Screen;
  renderNoteFirstScreen(post: Post): Screen;
}

/** The markup for #root and every rule it needs, or null when it cannot be drawn. */
export interface FirstScreenRenderer {
  home(feed: PostList, categories: Category[]): Screen | null;
  note(post: Post): Screen | null;
}

/** Where index.html leaves room for a first screen, inside #root after the static header. */
export const FIRST_SCREEN_MARKER = '<!--first-screen-->';

/** The `<style>` that carries a first screen's CSS in the head. */
export function firstScreenStyle(screen: Screen | null): string {
  return screen ? `<style data-first-screen>${screen.css}</style>` : '';
}

/** The CSS a page bundle loads, read from the client build. */
function readRouteCss(webRoot: string, route: string): string {
  const manifest = readManifest(webRoot);
  if (!manifest) return '';
  return routeAssets(manifest, route)
    .styles.map((file) => readFileSync(path.join(webRoot, file), 'utf8'))
    .join('\n');
}

/** One renderer per module and build: the home and note pages share it. */
const renderers = new Map<string, Promise<FirstScreenRenderer | null>>();

export function loadFirstScreen(
  modulePath: string | null,
  webRoot: string,
): Promise<FirstScreenRenderer | null> {
  const key = `${modulePath}\n${webRoot}`;
  let renderer = renderers.get(key);
  if (!renderer) {
    renderer = createRenderer(modulePath, webRoot);
    renderers.set(key, renderer);
  }
  return renderer;
}

async function createRenderer(
  modulePath: string | null,
  webRoot: string,
): Promise<FirstScreenRenderer | null> {
  if (!modulePath || !existsSync(modulePath)) return null;
  const module = (await import(pathToFileURL(modulePath).href)) as FirstScreenModule;
  const homeCss = readRouteCss(webRoot, ROUTES.home);
  const noteCss = readRouteCss(webRoot, ROUTES.post);
  return {
    home(feed, categories) {
      if (feed.posts.length === 0) return null;
      const screen = module.renderHomeFirstScreen(feed, categories);
      return { html: screen.html, css: `${homeCss}\n${screen.css}` };
    },
    note(post) {
      const screen = module.renderNoteFirstScreen(post);
      return { html: screen.html, css: `${noteCss}\n${screen.css}` };
    },
  };
}
