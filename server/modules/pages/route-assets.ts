import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTE_SCRIPTS_ELEMENT_ID } from '../../../contract/page-hints.ts';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

/** The page bundles of the pages the server renders, as the manifest names them. */
export const ROUTES = {
  home: 'src/app/routes/home.tsx',
  post: 'src/app/routes/post.tsx',
  userProfile: 'src/app/routes/user-profile.tsx',
  search: 'src/app/routes/search.tsx',
  staticPage: 'src/app/routes/static.tsx',
} as const;

/**
 * What a visitor sent to sign in on a note is drawn with (SPEC.md section 2): the home page and
 * the login modal open over it, which the app mounts with the modal host, and the dialog's
 * animated layer, which a modal loads once it opens.
 */
export const SIGN_IN_BUNDLES = [
  ROUTES.home,
  'src/features/auth/components/login-modal.tsx',
  'src/app/modal-host.tsx',
  'src/components/modal-layer.tsx',
];

export interface RouteAssets {
  /** JS files (relative to the web root) the page bundle needs beyond the entry's own. */
  scripts: string[];
  /** CSS files the page bundle loads with it; the shell links the entry's already. */
  styles: string[];
}

/** Every chunk key the given chunk pulls in statically, itself included. */
function staticClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const visit = (current: string) => {
    const chunk = manifest[current];
    if (!chunk || seen.has(current)) return;
    seen.add(current);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...seen];
}

/**
 * What the given bundles bring with them that the entry does not: their own chunks, the chunks
 * they import statically and their CSS, in the order the manifest gives, each once.
 */
export function routeAssets(manifest: Manifest, ...bundles: string[]): RouteAssets {
  const loadedWithEntry = new Set(staticClosure(manifest, 'index.html'));
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const key of bundles.flatMap((bundle) => staticClosure(manifest, bundle))) {
    if (loadedWithEntry.has(key)) continue;
    scripts.add(manifest[key].file);
    for (const file of manifest[key].css ?? []) styles.add(file);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/** The client build's manifest, or null when the build wrote none. */
export function readManifest(webRoot: string): Manifest | null {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
}

/** Reads a built CSS file by its path relative to the web root. */
export type ReadStyle = (file: string) => string;

/**
 * A built CSS file inline, followed by a disabled link to the same file, which the browser
 * neither fetches nor applies: Vite's loader looks for a stylesheet link before it adds one when
 * a page bundle is imported, and a second copy appended later would reorder the cascade.
 * `</` cannot occur in Vite's minified CSS, but it is escaped all the same.
 */
function inlineStyle(file: string, readStyle: ReadStyle): string {
  const css = readStyle(file).replace(/<\//g, '<\\/');
  return `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
}

/** The bundle's chunks, for src/boot/after-first-paint.ts to fetch with the app's entry. */
function routeScripts(files: string[]): string {
  const hrefs = JSON.stringify(files.map((file) => `/${file}`));
  return `<script type="application/json" id="${ROUTE_SCRIPTS_ELEMENT_ID}">${hrefs}</script>`;
}

/**
 * The head of a rendered page's bundle: its CSS inline, because the markup is drawn with its
 * classes and a stylesheet request would hold the first paint for a round trip on a phone's
 * network; its scripts named for the page's loader, which fetches them with the entry's rather
 * than after the entry has run.
 */
export function routeAssetTags(assets: RouteAssets, readStyle: ReadStyle): string {
  return [
    ...assets.styles.map((file) => inlineStyle(file, readStyle)),
    ...(assets.scripts.length > 0 ? [routeScripts(assets.scripts)] : []),
  ].join('');
}

const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/** The shell with the entry's own stylesheets inline, for the same reason. */
export function inlineShellStyles(shell: string, readStyle: ReadStyle): string {
  return shell.replace(ENTRY_STYLESHEET, (_link, file: string) => inlineStyle(file, readStyle));
}

/** Built CSS files read once each from the web root. */
export function styleReader(webRoot: string): ReadStyle {
  const styles = new Map<string, string>();
  return (file) => {
    let css = styles.get(file);
    if (css === undefined) {
      css = readFileSync(path.join(webRoot, file), 'utf8');
      styles.set(file, css);
    }
    return css;
  };
}
