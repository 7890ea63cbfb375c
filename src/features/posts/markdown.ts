import MarkdownIt from 'markdown-it';
import type { MarkdownIt as MarkdownRenderer } from 'markdown-it';
import { markdownTexts } from './markdown-texts';

/** Turns a fenced code block into highlighted HTML ('' leaves it plain). */
export type Highlight = (code: string, language: string) => string;

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

function createMarkdown(highlight: Highlight | undefined): MarkdownRenderer {
  const markdown = new MarkdownIt({
    // Raw HTML is shown as text, never interpreted: no <script>, no onerror= can get in.
    html: false,
    linkify: true,
    breaks: true,
    highlight: highlight ? (code, language) => (language ? highlight(code, language) : '') : null,
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
  // A code block wider than the note scrolls sideways: keyboard users reach it with Tab and
  // screen readers hear what it is (WCAG 2.1.1, axe's scrollable-region-focusable).
  const renderFence = markdown.renderer.rules.fence;
  markdown.renderer.rules.fence = (tokens, index, options, env, self) => {
    const html = renderFence ? renderFence(tokens, index, options, env, self) : '';
    const language = tokens[index].info.trim().split(/\s+/)[0] ?? '';
    const label = markdown.utils.escapeHtml(markdownTexts.codeBlock(language));
    return html.replace(/^<pre/, `<pre tabindex="0" role="region" aria-label="${label}"`);
  };
  return markdown;
}

const renderers = new Map<Highlight | undefined, MarkdownRenderer>();

/**
 * Renders a note's Markdown body to HTML that is safe to put into the page. Code blocks are
 * highlighted when a highlighter is given (it is loaded only for notes that have code).
 */
export function renderMarkdown(source: string, highlight?: Highlight): string {
  let markdown = renderers.get(highlight);
  if (!markdown) {
    markdown = createMarkdown(highlight);
    renderers.set(highlight, markdown);
  }
  return markdown.render(source);
}

/** Whether a body has a fenced code block worth loading the highlighter for. */
export const hasCodeBlock = (source: string) => /^ {0,3}(`{3,}|~{3,})/m.test(source);
