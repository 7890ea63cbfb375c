import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ID_PATTERN } from '../../contract/id-pattern.ts';
import { TOKEN_STORAGE_KEY } from '../../contract/page-hints.ts';
import type { Post } from '../../contract/post.ts';
import { AppError } from '../lib/errors.ts';
import { FIRST_SCREEN_MARKER, firstScreenStyle, loadFirstScreen } from '../lib/first-screen.ts';
import type { Screen } from '../lib/first-screen.ts';
import { notePrefetchScript } from '../lib/note-prefetch.ts';
import { readShell } from '../lib/shell.ts';
import { readManifest, routeAssets, routeAssetsMeta, ROUTES } from '../lib/route-assets.ts';
import type {} from '../modules/posts/plugin.ts';

const VALID_ID = new RegExp(ID_PATTERN);

/**
 * Visitors are sent to sign in (notes are for members), so the drawn note gives way to the
 * app's own page at once; it runs right after the markup, before the first paint.
 */
export const VISITOR_CHECK =
  `<script>if (!localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})) ` +
  `document.getElementById('first-screen-note').remove();</script>`;

/**
 * The note page's HTML: the shell, plus the note page bundle's files for the loader to
 * fetch with the entry and a script that asks for the note and preloads its first image while
 * the app loads (server/lib/note-prefetch.ts). A free, published note also comes drawn: its
 * images, author and title, the same as anyone reads on its card in the public feed
 * (src/first-screen). A malformed id gets the plain shell; the app shows its 404 page.
 */
async function notePage(app: FastifyInstance) {
  const webRoot = app.config.webRoot;
  const shell = readShell(webRoot);
  if (!webRoot || !shell) return;
  const manifest = readManifest(webRoot);
  const assetsMeta = manifest ? routeAssetsMeta(routeAssets(manifest, ROUTES.post)) : '';
  const firstScreen = await loadFirstScreen(app.config.firstScreenModule, webRoot);
  const prefetch = notePrefetchScript();

  /** The note as a visitor may see it, when it is free and published; otherwise null. */
  async function publicNote(id: string): Promise<Post | null> {
    try {
      const post = await app.posts.get(Number(id), null);
      return post.status === 'approved' && post.price === 0 ? post : null;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  async function drawnNote(id: string): Promise<Screen | null> {
    if (!firstScreen) return null;
    const post = await publicNote(id);
    if (!post) return null;
    try {
      return firstScreen.note(post);
    } catch (error) {
      // The app draws the page itself; a broken first screen must not cost the page.
      app.log.error({ err: error }, 'note first screen failed to render');
      return null;
    }
  }

  app.get<{ Params: { id: string } }>('/post/:id', async (request, reply) => {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    const { id } = request.params;
    if (!VALID_ID.test(id)) return shell;
    const screen = await drawnNote(id);
    const head = `${assetsMeta}${prefetch}`;
    const body = screen ? `<div id="first-screen-note">${screen.html}</div>${VISITOR_CHECK}` : '';
    return shell
      .replace('</head>', `${head}${firstScreenStyle(screen)}</head>`)
      .replace(FIRST_SCREEN_MARKER, body);
  });
}

export default fp(notePage, { name: 'note-page', dependencies: ['static-site', 'notes'] });
