/**
 * What a server-rendered page's HTML hands the app (server/plugins/pages.ts writes it,
 * src/app/rendered-page.ts reads it).
 */

/** The localStorage key of the session token (SPEC.md section 3). */
export const TOKEN_STORAGE_KEY = 'token';

/** The `<script type="application/json">` holding the data the page was rendered with. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * The HttpOnly cookie that carries the session token to page requests, so the server renders
 * a page for the reader it is. Read only to render HTML; API calls authenticate by header only.
 */
export const PAGE_SESSION_COOKIE = 'page_session';

/**
 * The `<script type="application/json">` naming the app's entry script and the chunks it
 * imports, which src/boot/after-first-paint.ts loads once the HTML has painted.
 */
export const APP_SCRIPTS_ELEMENT_ID = 'app-scripts';

/** The same for the chunks of a rendered page's own bundle, fetched with the entry's. */
export const ROUTE_SCRIPTS_ELEMENT_ID = 'route-scripts';

/** What the app-scripts element holds. */
export interface AppScripts {
  entry: string;
  preloads: string[];
}

/**
 * The narrowest width at which the feed has more than two columns. The server lays the feed out
 * for the width the browser names (contract/feed-columns.ts), in two when it names none; on a
 * wider screen the app then re-lays it when it starts, which src/boot/after-first-paint.ts does
 * before the first paint rather than after it.
 */
export const WIDE_FEED_MIN_WIDTH = 768;
