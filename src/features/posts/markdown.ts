import type { MarkdownIt as MarkdownRenderer, Token } from 'markdown-it';
import { findMentions, mentionPath } from '../../../contract/mention-rules';
import { createMarkdownParser } from '../../../shared/markdown/parser';
import { markdownTexts } from './markdown-texts';

/** Turns a fenced code block into highlighted HTML ('' leaves it plain). */
export type Highlight = (code: string, language: string) => string;

function createMarkdown(highlight: Highlight | undefined): MarkdownRenderer {
  const markdown = createMarkdownParser(
    highlight ? (code, language) => (language ? highlight(code, language) : '') : null,
  );
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
  linkMentions(markdown);
  return markdown;
}

/**
 * `@用户名` in the text becomes a link to the user's page (contract/mention-rules.ts says where a
 * mention starts and ends, as the server does when it notifies). Text inside a link or code is
 * left as it is: code spans and blocks are not text tokens, and a link's own text is skipped.
 */
function linkMentions(markdown: MarkdownRenderer): void {
  markdown.core.ruler.after('linkify', 'mentions', (state) => {
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      const children: Token[] = [];
      let insideLink = 0;
      for (const token of block.children) {
        if (token.type === 'link_open') insideLink += 1;
        if (token.type === 'link_close') insideLink -= 1;
        const mentions =
          token.type === 'text' && insideLink === 0 ? findMentions(token.content) : [];
        if (mentions.length === 0) {
          children.push(token);
          continue;
        }
        let at = 0;
        const text = (content: string) => {
          const piece = new state.Token('text', '', 0);
          piece.content = content;
          children.push(piece);
        };
        for (const mention of mentions) {
          if (mention.start > at) text(token.content.slice(at, mention.start));
          const open = new state.Token('link_open', 'a', 1);
          open.attrs = [
            ['href', mentionPath(mention.username)],
            ['class', 'mention'],
          ];
          children.push(open);
          text(token.content.slice(mention.start, mention.end));
          children.push(new state.Token('link_close', 'a', -1));
          at = mention.end;
        }
        if (at < token.content.length) text(token.content.slice(at));
      }
      block.children = children;
    }
  });
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
