import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import go from 'highlight.js/lib/languages/go';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';

// Only the languages notes are likely to show, so this chunk stays small.
const languages = { bash, css, go, javascript, json, python, rust, typescript, xml };
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);

/** highlight.js escapes the code itself, so its HTML is safe to insert. */
export function highlightCode(code: string, language: string): string {
  if (!hljs.getLanguage(language)) return '';
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
