import { parseNote } from '../../lib/note-markdown.ts';

/** Plain-text length of a card's excerpt. */
export const EXCERPT_LENGTH = 120;

/** Inline tokens whose content a reader sees as words (images, link targets and markup are not). */
const WORDS = new Set(['text', 'code_inline']);
const BREAKS = new Set(['softbreak', 'hardbreak']);

/**
 * Markdown reduced to the words a reader sees, read by the parser that draws the note: no code
 * blocks, no link targets, no images, no markup; blocks and line breaks become one space.
 */
export function plainText(markdown: string): string {
  const words: string[] = [];
  for (const token of parseNote(markdown).tokens) {
    if (token.type !== 'inline') {
      words.push(' ');
      continue;
    }
    for (const child of token.children ?? []) {
      if (WORDS.has(child.type)) words.push(child.content);
      else if (BREAKS.has(child.type)) words.push(' ');
    }
  }
  return words.join('').replace(/\s+/g, ' ').trim();
}

export function excerptOf(markdown: string, length = EXCERPT_LENGTH): string {
  const text = plainText(markdown);
  return text.length <= length ? text : `${[...text].slice(0, length).join('')}…`;
}
