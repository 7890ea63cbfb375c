import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CategoryList } from '../../contract/category.ts';
import { CARD_IMAGE_SIZES, IMAGE_VARIANT_WIDTHS } from '../../contract/image-variants.ts';
import type { PostList } from '../../contract/post.ts';
import { FIRST_SCREEN_MARKER, firstScreenStyle, loadFirstScreen } from '../lib/first-screen.ts';
import type { Screen } from '../lib/first-screen.ts';
import { readShell } from '../lib/shell.ts';
import { readManifest, routeAssets, routeAssetsMeta, ROUTES } from '../lib/route-assets.ts';

/**
 * The home page with its first feed page inside: the HTML for `/` carries the JSON of
 * `GET /api/posts` for the default feed and a preload of the first cover at the size the card
 * will ask for, so the largest image starts downloading with the HTML instead of after the
 * bundle, the API call and the render. Where the server-side build of the first screen exists,
 * the tabs and the first row of cards come drawn in the HTML too (server/lib/first-screen.ts).
 */

/** The query of the home feed's first page (src/features/posts/hooks/use-feed.ts). */
export const INITIAL_FEED_QUERY = 'sort=recommended&page=1&limit=20';
export const INITIAL_FEED_ELEMENT_ID = 'initial-feed';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON inside <script>: nothing in it may close the element or start a comment. */
const escapeScriptJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function coverPreload(url: string): string {
  const srcset = IMAGE_VARIANT_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', ');
  return (
    `<link rel="preload" as="image" fetchpriority="high" ` +
    `imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(CARD_IMAGE_SIZES)}">`
  );
}

export function injectFeed(
  shell: string,
  feedJson: string,
  feed: PostList,
  screen: Screen | null = null,
  /** The home bundle's files, for the loader to fetch with the entry (route-assets.ts). */
  assetsMeta = '',
): string {
  const cover = feed.posts.find((post) => post.cover)?.cover;
  const preload = cover?.url.startsWith('/api/uploads/') ? coverPreload(cover.url) : '';
  const data =
    `<script type="application/json" id="${INITIAL_FEED_ELEMENT_ID}" ` +
    `data-query="${INITIAL_FEED_QUERY}">${escapeScriptJson(feedJson)}</script>`;
  return shell
    .replace('</head>', `${assetsMeta}${preload}${firstScreenStyle(screen)}</head>`)
    .replace(FIRST_SCREEN_MARKER, screen?.html ?? '')
    .replace('</body>', `${data}</body>`);
}

async function inlineFeed(app: FastifyInstance) {
  const webRoot = app.config.webRoot;
  const shell = readShell(webRoot);
  if (!webRoot || !shell) return;
  const firstScreen = await loadFirstScreen(app.config.firstScreenModule, webRoot);
  const manifest = readManifest(webRoot);
  const homeAssets = manifest ? routeAssetsMeta(routeAssets(manifest, ROUTES.home)) : '';

  async function renderFirstScreen(feed: PostList) {
    if (!firstScreen) return null;
    const listed = await app.inject({ method: 'GET', url: '/api/categories' });
    if (listed.statusCode !== 200) return null;
    try {
      return firstScreen.home(feed, listed.json<CategoryList>().categories);
    } catch (error) {
      // The app draws the page itself; a broken first screen must not cost the page.
      app.log.error({ err: error }, 'first screen failed to render');
      return null;
    }
  }

  app.get('/', async (request, reply) => {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    // Only the default feed is inlined: a category or another sort loads as usual.
    if (Object.keys(request.query as object).length > 0) return shell;
    const feed = await app.inject({
      method: 'GET',
      url: `/api/posts?${INITIAL_FEED_QUERY}`,
      // Counted against the reader's own rate limit, as the call it saves would have been.
      remoteAddress: request.ip,
    });
    if (feed.statusCode !== 200) return shell;
    const posts = feed.json<PostList>();
    return injectFeed(shell, feed.body, posts, await renderFirstScreen(posts), homeAssets);
  });
}

export default fp(inlineFeed, { name: 'inline-feed', dependencies: ['static-site'] });
