/**
 * The plain rules about related notes, kept apart from the TypeBox schemas in community.ts so
 * the browser can use them without loading a schema library.
 */

/** How many related notes `GET /api/posts/{id}/related` gives by default, and at most. */
export const RELATED_DEFAULT = 6;
export const RELATED_MAX = 12;
