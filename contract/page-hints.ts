/**
 * What a page's HTML hands the app before the app has loaded (server/lib/route-assets.ts and
 * server/lib/note-prefetch.ts write it; the first-paint loader and
 * src/features/posts/note-prefetch.ts read it).
 */

/** The localStorage key of the session token (SPEC.md section 3); page scripts read it too. */
export const TOKEN_STORAGE_KEY = 'token';

/** `<meta name=…>` listing the page bundle's files, for the loader to fetch with the entry. */
export const ROUTE_ASSETS_META = 'route-assets';

/** The window property that holds the note page's early `GET /api/posts/{id}`. */
export const NOTE_PREFETCH_GLOBAL = '__notePrefetch';
