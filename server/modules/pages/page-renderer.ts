import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { RenderPage } from '../../../contract/page-data.ts';

/**
 * The page renderer the build makes of the app (src/entry-server.tsx → dist-ssr/); null when
 * there is none (a server run without `npm run build`): pages are then the shell the app draws.
 */
export async function loadPageRenderer(modulePath: string | null): Promise<RenderPage | null> {
  if (!modulePath || !existsSync(modulePath)) return null;
  const module = (await import(pathToFileURL(modulePath).href)) as { renderPage: RenderPage };
  return module.renderPage;
}
