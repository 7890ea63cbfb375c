import { matchPath } from 'react-router-dom';
import { pendingPrefetch } from '../features/posts/note-prefetch';
import { loadPage } from './pages';

/** However slow the network, the app draws itself (with its loading states) after this long. */
const FIRST_RENDER_WAIT_MS = 5_000;

/**
 * What the first render needs on the pages the server draws (home and a note): the page's bundle
 * and, for a note, the HTML's own request for it. With them in, the first render completes
 * without suspending, so the drawn page stays up until the real one replaces it; a suspended
 * first render would commit the loading spinner over it.
 */
export async function readyForFirstRender(pathname: string): Promise<void> {
  const note = matchPath('/post/:id', pathname);
  const waits =
    pathname === '/'
      ? [loadPage('home')]
      : note?.params.id
        ? [loadPage('post'), pendingPrefetch(note.params.id)]
        : [];
  if (waits.length === 0) return;
  await Promise.race([
    Promise.all(waits),
    new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ]);
}
