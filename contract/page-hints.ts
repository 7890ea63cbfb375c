/**
 * What a page's HTML hands the app before the app has loaded (server/plugins/page-hints.ts
 * writes it; the first-paint loader and src/features/posts/note-prefetch.ts read it).
 */

/** `<meta name=…>` listing the page bundle's files, for the loader to fetch with the entry. */
export const ROUTE_ASSETS_META = 'route-assets';

/** The window property that holds the note page's early `GET /api/posts/{id}`. */
export const NOTE_PREFETCH_GLOBAL = '__notePrefetch';
