import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { RenderPage } from '../contract/page-data';
import { loadPageData, signInFromOf } from './app/page-data';
import { loadAllPages } from './app/pages';
import { renderedDataConfig } from './app/rendered-page';
import { routes } from './app/router';
import { drawColumnsAs } from './features/posts/hooks/use-column-count';
import { setRenderingOrigin } from './lib/site-origin';
import { renderLoginAs } from './stores/modal-store';
import { normalizeUser, renderSessionAs } from './stores/session-store';

/**
 * The server's page renderer, built by `vite build --ssr` into dist-ssr/ and loaded by
 * server/modules/pages/. It renders the app's own routes for one reader with the data their
 * hooks read, and returns that data for the page's HTML: the browser hydrates the markup with
 * the same data (src/main.tsx) instead of asking for it again.
 */

// Every page is in before the first request: a page rendered here must not suspend.
await loadAllPages();

const handler = createStaticHandler(routes);

/** What React writes for a part that suspended: the browser would draw that part itself. */
const CLIENT_RENDERED_PART = '<!--$!-->';

/**
 * The page as one string, synchronously: the session store holds this page's reader for the
 * whole render, and the markup carries no script. A part the app loads on demand (the header's
 * install button, the toasts, the offline layer) suspends the first time it is met; it is then
 * loaded by a render that waits for everything, and the page rendered again.
 */
async function renderComplete(render: () => ReactNode): Promise<string> {
  const first = renderToString(render());
  if (!first.includes(CLIENT_RENDERED_PART)) return first;
  const { prelude } = await prerenderToNodeStream(render());
  prelude.resume();
  return renderToString(render());
}

/**
 * The placeholder token of a rendered session: the server never hands the session token to the
 * page, and nothing rendered shows it.
 */
const RENDERED_TOKEN = 'rendered';

export const renderPage: RenderPage = async (url, viewer, source, screenColumns) => {
  const requested = new URL(url);
  // A visitor on a note is drawn where the app's guard sends them: on the home page, with the
  // login modal open (SPEC.md section 2); the browser moves to / before it hydrates.
  const signInFrom = signInFromOf(requested, viewer);
  const location = signInFrom ? new URL('/', requested) : requested;
  const swr = await loadPageData(location, viewer, source);
  if (!swr) return null;
  const context = await handler.query(new Request(location));
  // Routes have no loaders: a Response would be a redirect, which the app makes itself.
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const user = normalizeUser(viewer);
  const html = await renderComplete(() => {
    setRenderingOrigin(location.origin);
    drawColumnsAs(screenColumns);
    renderSessionAs(user, user ? RENDERED_TOKEN : null);
    renderLoginAs(signInFrom);
    return (
      // A cache of this render's own, which the page's configuration fills.
      <SWRConfig value={{ provider: () => new Map() }}>
        <SWRConfig value={renderedDataConfig(swr)}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </SWRConfig>
      </SWRConfig>
    );
  });
  return { html, data: { viewer, swr, ...(signInFrom && { signInFrom }) } };
};
