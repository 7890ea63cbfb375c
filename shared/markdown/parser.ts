import MarkdownIt from 'markdown-it';
import type { MarkdownIt as MarkdownParser } from 'markdown-it';

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

/**
 * The one markdown-it configuration of a note body. The page renders with it
 * (src/features/posts/markdown.ts) and the server cuts excerpts and paid-note previews from its
 * tokens, so what a reader sees and what the server decides is free are read the same way.
 */
export function createMarkdownParser(
  highlight: ((code: string, language: string) => string) | null = null,
): MarkdownParser {
  const markdown = new MarkdownIt({
    // Raw HTML is shown as text, never interpreted: no <script>, no onerror= can get in.
    html: false,
    linkify: true,
    breaks: true,
    highlight,
  });
  markdown.validateLink = isSafeUrl;
  return markdown;
}
