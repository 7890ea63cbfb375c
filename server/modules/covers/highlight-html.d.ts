/**
 * highlight.js's HTML for `code` in `language` (spans with `hljs-*` classes around escaped text),
 * or null when highlight.js does not know the language.
 */
export function highlightHtml(code: string, language: string): string | null;
