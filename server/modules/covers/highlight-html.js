// Plain JavaScript with its own declaration (highlight-html.d.ts) on purpose: highlight.js's
// types begin with `/// <reference lib="dom" />`, and importing them from TypeScript would put
// the DOM into the whole server program (server/tsconfig.json keeps it out).
import hljs from 'highlight.js';

export function highlightHtml(code, language) {
  return hljs.getLanguage(language)
    ? hljs.highlight(code, { language, ignoreIllegals: true }).value
    : null;
}
