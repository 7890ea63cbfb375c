import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CurrentUser } from '../../../contract/auth.ts';
import { columnsForWidth, VIEWPORT_WIDTH_HINT } from '../../../contract/feed-columns.ts';
import { PAGE_DATA_ELEMENT_ID } from '../../../contract/page-hints.ts';
import { readShell } from '../../lib/shell.ts';
import { responseEncoding } from '../../plugins/compression.ts';
import type { Viewer } from '../users/viewer.ts';
import { answered, createPageDataSource } from './page-data-source.ts';
import { loadPageRenderer, RENDER_WAIT_MS } from './page-renderer.ts';
import type { PageRenderer } from './page-renderer.ts';
import {
  inlineShellStyles,
  readManifest,
  routeAssetTags,
  routeAssets,
  ROUTES,
  SIGN_IN_BUNDLES,
  styleReader,
} from './route-assets.ts';

/** The pages rendered on the server, each with the page bundle it hydrates with. */
const PAGES: [path: string, bundle: keyof typeof ROUTES][] = [
  ['/', 'home'],
  ['/post/:id', 'post'],
  ['/profile/:id', 'userProfile'],
  ['/search', 'search'],
  ['/about', 'staticPage'],
  ['/terms', 'staticPage'],
  ['/privacy', 'staticPage'],
  ['/help', 'staticPage'],
];

/**
 * Server rendering (decision 027): the pages above are rendered by the app's own components for
 * the reader the page cookie names, with the data they show, and hydrated by the browser; a
 * visitor on a note gets the home page with the login modal open, as the app sends them. Every
 * other page, and any page the renderer declines (someone's own profile), is the shell the app
 * draws by itself, as the service worker's offline copy is.
 */
async function pages(app: FastifyInstance) {
  const webRoot = app.config.webRoot;
  const shell = readShell(webRoot);
  if (!webRoot || !shell) return;
  const manifest = readManifest(webRoot);
  const readStyle = styleReader(webRoot);
  const assetLinksOf = (...bundles: string[]) =>
    manifest ? routeAssetTags(routeAssets(manifest, ...bundles), readStyle) : '';
  const waitMs = app.config.pageRenderWaitMs ?? RENDER_WAIT_MS;
  const renderer = await loadPageRenderer(
    app.config.pageRenderer,
    {
      shell: inlineShellStyles(shell, readStyle),
      dataElementId: PAGE_DATA_ELEMENT_ID,
      assetLinks: Object.fromEntries(
        [...new Set(PAGES.map(([, bundle]) => bundle))].map((bundle) => [
          bundle,
          assetLinksOf(ROUTES[bundle]),
        ]),
      ),
      signInAssetLinks: assetLinksOf(...SIGN_IN_BUNDLES),
    },
    {
      waitMs,
      onLateness: (late) => {
        if (!late) app.log.info('pages: the render thread draws pages in time again');
        else {
          app.log.warn(
            { waitMs },
            'pages: the render thread is late, so pages are the shell the app draws (are all cores busy?)',
          );
        }
      },
    },
  );
  if (!renderer) return;
  app.addHook('onClose', () => renderer.close());
  const { auth } = app.services;

  /** The reader as `GET /api/auth/me` answers them. */
  const asCurrentUser = answered<CurrentUser>(CurrentUser);
  async function presentViewer(viewer: Viewer | null): Promise<CurrentUser | null> {
    return viewer && asCurrentUser(await auth.me(viewer.row));
  }

  /**
   * The feed's columns for the viewport the browser names (VIEWPORT_WIDTH_HINT), null when it
   * names none. A desktop Chromium that has not named it yet is asked to send the request again
   * with it (`Critical-CH`: one more round trip, on its first visit only); a phone is not, as its
   * feed has two columns anyway and the round trip would cost it more.
   */
  function screenColumns(request: FastifyRequest, reply: FastifyReply): number | null {
    const width = Number(request.headers[VIEWPORT_WIDTH_HINT.toLowerCase()]);
    void reply.header('accept-ch', VIEWPORT_WIDTH_HINT);
    if (width > 0 && Number.isFinite(width)) return columnsForWidth(width);
    if (request.headers['sec-ch-ua-mobile'] === '?0') {
      void reply.header('critical-ch', VIEWPORT_WIDTH_HINT);
    }
    return null;
  }

  function handler(renderer: PageRenderer, bundle: string) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      void reply
        .type('text/html; charset=utf-8')
        // The page differs by reader: no shared cache may keep one reader's copy for another.
        .header('cache-control', 'private, no-cache')
        .header('vary', `cookie, ${VIEWPORT_WIDTH_HINT}, accept-encoding`);
      const viewer = await app.pageViewer(request);
      const encoding = responseEncoding(request);
      const page = await renderer.render(
        {
          url: new URL(request.url, app.config.publicOrigin).href,
          viewer: await presentViewer(viewer),
          columns: screenColumns(request, reply),
          bundle,
          encoding,
        },
        createPageDataSource(app, viewer),
      );
      if (!page) return shell;
      // Compressed already: the compression plugin passes an encoded answer as it is.
      if (encoding) void reply.header('content-encoding', encoding);
      return page;
    };
  }

  for (const [path, bundle] of PAGES) app.get(path, handler(renderer, bundle));
}

export default fp(pages, {
  name: 'pages',
  dependencies: ['static-site', 'services', 'page-session'],
});
