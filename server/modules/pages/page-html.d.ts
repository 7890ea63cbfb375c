import type { RenderedPage } from '../../../contract/page-data.ts';

/**
 * What every page's document is made of but its render, handed to the render thread once
 * (page-renderer.ts).
 */
export interface PageFrame {
  /** index.html, its shell styles inlined. */
  shell: string;
  /** The element that carries the page's data (contract/page-hints.ts). */
  dataElementId: string;
  /** Each page bundle's asset links, by the bundle's name. */
  assetLinks: Record<string, string>;
  /** The sign-in bundles' asset links, for a visitor sent to sign in. */
  signInAssetLinks: string;
}

/** A rendered page in the shell, as its document's HTML. */
export function pageHtml(frame: PageFrame, page: RenderedPage, bundle: string): string;
