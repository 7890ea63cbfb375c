import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTE_ASSETS_META } from '../../contract/page-hints.ts';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

/** The page bundles the server gives a head start, as the manifest names them. */
export const ROUTES = {
  home: 'src/app/routes/home.tsx',
  post: 'src/app/routes/post.tsx',
} as const;

export interface RouteAssets {
  /** JS files (relative to the web root) the page bundle needs beyond the entry's own. */
  scripts: string[];
  /** CSS files the page bundle loads with it; the shell links the entry's already. */
  styles: string[];
}

/** Every chunk key the given chunk pulls in statically, itself included. */
function staticClosure(manifest: Manifest, key: string | undefined): string[] {
  const seen = new Set<string>();
  const visit = (current: string) => {
    const chunk = manifest[current];
    if (!chunk || seen.has(current)) return;
    seen.add(current);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (key) visit(key);
  return [...seen];
}

/**
 * What a page bundle brings with it that the entry does not: its own chunk, the chunks it
 * imports statically and their CSS, in the order the manifest gives, each once.
 */
export function routeAssets(manifest: Manifest, route: string): RouteAssets {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loadedWithEntry = new Set(staticClosure(manifest, entry));
  const scripts: string[] = [];
  const styles = new Set<string>();
  for (const key of staticClosure(manifest, route)) {
    if (loadedWithEntry.has(key)) continue;
    scripts.push(manifest[key].file);
    for (const file of manifest[key].css ?? []) styles.add(file);
  }
  return { scripts, styles: [...styles] };
}

/** The client build's manifest, or null when the build wrote none. */
export function readManifest(webRoot: string): Manifest | null {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
}

/** The `<meta>` the page's loader reads (contract/page-hints.ts). */
export function routeAssetsMeta(assets: RouteAssets): string {
  const urls = [...assets.styles, ...assets.scripts].map((file) => `/${file}`);
  return urls.length > 0 ? `<meta name="${ROUTE_ASSETS_META}" content="${urls.join(' ')}">` : '';
}
