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
import MarkdownIt from 'markdown-it';

// Only the languages notes are likely to show, so the post page's chunk stays small.
const languages = { bash, css, go, javascript, json, python, rust, typescript, xml };
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);

/**
 * Links and images may only point at the web, at mail, or at a path of this site. Everything
 * else (javascript:, data:, vbscript:, file:, protocol tricks hidden by entities or
 * whitespace) is dropped: markdown-it decodes the URL before asking, so this sees the real
 * scheme.
 */
export function isSafeUrl(url: string): boolean {
  const normalized = url.trim().toLowerCase();
  return /^(https?:\/\/|mailto:)/.test(normalized) || /^\/(?![/\\])/.test(normalized);
}

const markdown = new MarkdownIt({
  // Raw HTML is shown as text, never interpreted: no <script>, no onerror= can get in.
  html: false,
  linkify: true,
  breaks: true,
  highlight(code, language) {
    if (language && hljs.getLanguage(language)) {
      return hljs.highlight(code, { language, ignoreIllegals: true }).value;
    }
    return '';
  },
});
markdown.validateLink = isSafeUrl;

const renderLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));

markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const href = String(token.attrGet('href') ?? '');
  if (/^https?:/i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow ugc');
  }
  return renderLinkOpen(tokens, index, options, env, self);
};

/** Renders a note's Markdown body to HTML that is safe to put into the page. */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
