import type { Token } from 'markdown-it';
import { allTokens, parseInline, parseNote, topLevelBlocks } from '../../lib/note-markdown.ts';
import type { NoteEnv } from '../../lib/note-markdown.ts';

/** The free part of a paid note: about the first 30 % of the body, never more than 300 characters. */
export const PREVIEW_SHARE = 0.3;
export const PREVIEW_MAX_CHARS = 300;

const length = (text: string) => Array.from(text).length;

const withoutQuery = (url: string) => url.split(/[?#]/)[0];

/** Whether a token draws an image other than the note's free one (its first image). */
function isPaidImage(token: Token, freeImage: string | null): boolean {
  if (token.type !== 'image') return false;
  return freeImage === null || withoutQuery(String(token.attrGet('src') ?? '')) !== freeImage;
}

/**
 * Whether `cut`, read by the parser, draws the start of what `full` draws: the same tokens
 * with the same targets, only the last text shortened. A half-written link, image, emphasis
 * or inline code reads as different tokens, so such a cut is refused.
 */
function drawsStartOf(cut: Token[], full: Token[], freeImage: string | null): boolean {
  return cut.every((token, index) => {
    const whole = full[index];
    if (!whole || token.type !== whole.type || token.markup !== whole.markup) return false;
    if (isPaidImage(token, freeImage)) return false;
    if (JSON.stringify(token.attrs) !== JSON.stringify(whole.attrs)) return false;
    if (token.content === whole.content) return true;
    return (
      token.type === 'text' && index === cut.length - 1 && whole.content.startsWith(token.content)
    );
  });
}

const SENTENCE_END = /[。！？!?；;…\n]|\.(?=\s)/g;
/** Where an inline construct may start: a cut just before one may end a clean prefix. */
const CONSTRUCT_START = /[\s[!`*_~<\\]/g;

/**
 * The longest start of a paragraph within `budget` characters that the parser draws as the start
 * of the paragraph, ended at a sentence if possible.
 */
function cutParagraph(inline: Token, budget: number, env: NoteEnv, freeImage: string | null) {
  const source = inline.content;
  const full = inline.children ?? [];
  const head = Array.from(source).slice(0, budget).join('');
  let sentence = -1;
  for (const match of head.matchAll(SENTENCE_END)) sentence = match.index + match[0].length;
  const first = sentence >= head.length / 3 ? sentence : head.length;
  const candidates = [first];
  for (const match of head.slice(0, first).matchAll(CONSTRUCT_START)) candidates.push(match.index);
  candidates.sort((a, b) => b - a);
  for (const end of candidates) {
    const cut = head.slice(0, end).trimEnd();
    if (drawsStartOf(parseInline(cut, env), full, freeImage)) return cut;
  }
  return '';
}

/**
 * The free preview of a paid note's Markdown, decided on markdown-it's tokens (the parser that
 * draws the note): the source of whole top-level blocks from the start while they fit the budget
 * (a first paragraph that alone is too long is cut at a sentence), never part of a code block,
 * and it ends before the first block that draws an image other than `freeImageUrl`. Always
 * shorter than the note itself.
 */
export function previewOf(content: string, freeImageUrl: string | null = null): string {
  const normalized = content.replace(/\r\n?/g, '\n');
  const budget = Math.min(PREVIEW_MAX_CHARS, Math.floor(length(normalized) * PREVIEW_SHARE));
  const freeImage = freeImageUrl === null ? null : withoutQuery(freeImageUrl);
  const lines = normalized.split('\n');
  const { tokens, env } = parseNote(normalized);
  let taken = '';
  for (const block of topLevelBlocks(tokens)) {
    const hidesImage = [...allTokens(block.tokens)].some((token) => isPaidImage(token, freeImage));
    const upTo = lines
      .slice(0, block.end)
      .join('\n')
      .replace(/^(\s*\n)+/, '')
      .trimEnd();
    if (!hidesImage && length(upTo) <= budget) {
      taken = upTo;
      continue;
    }
    const [opening, inline] = block.tokens;
    if (taken === '' && opening.type === 'paragraph_open' && inline) {
      taken = cutParagraph(inline, budget, env, freeImage);
    }
    break;
  }
  return taken;
}

/** What a card's excerpt may be taken from: a free note's body, or only a paid note's preview. */
export const freeTextOf = (content: string, priceCents: number): string =>
  priceCents > 0 ? previewOf(content) : content;
