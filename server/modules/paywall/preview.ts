/** The free part of a paid note: about the first 30 % of the body, never more than 300 characters. */
export const PREVIEW_SHARE = 0.3;
export const PREVIEW_MAX_CHARS = 300;

interface Block {
  text: string;
  /** A fenced or indented code block is shown whole or not at all. */
  code: boolean;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const INDENTED_CODE = /^( {4}|\t)/;

/** Markdown blocks separated by blank lines; a fenced block keeps its blank lines. */
function splitBlocks(content: string): Block[] {
  const blocks: Block[] = [];
  let lines: string[] = [];
  let fence: string | null = null;

  const flush = (code: boolean) => {
    if (lines.length > 0) {
      const indented = !code && lines.every((line) => INDENTED_CODE.test(line));
      blocks.push({ text: lines.join('\n'), code: code || indented });
    }
    lines = [];
  };

  for (const line of content.split('\n')) {
    if (fence !== null) {
      lines.push(line);
      const trimmed = line.trim();
      if (trimmed.startsWith(fence) && trimmed.replace(fence[0] === '`' ? /`/g : /~/g, '') === '') {
        flush(true);
        fence = null;
      }
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    if (open) {
      flush(false);
      fence = open[1];
      lines.push(line);
    } else if (line.trim() === '') {
      flush(false);
    } else {
      lines.push(line);
    }
  }
  // An unclosed fence runs to the end of the note, as Markdown renders it.
  flush(fence !== null);
  return blocks;
}

const length = (text: string) => Array.from(text).length;

const SENTENCE_END = /[。！？!?；;…\n]|\.(?=\s)/g;

/** The longest start of a paragraph within `budget` characters, ended at a sentence if possible. */
function cutParagraph(text: string, budget: number): string {
  const head = Array.from(text).slice(0, budget).join('');
  let end = -1;
  for (const match of head.matchAll(SENTENCE_END)) end = match.index + match[0].length;
  let cut = end >= head.length / 3 ? head.slice(0, end) : head;
  // Never leave a link, an image or inline code half open.
  cut = cut.replace(/!?\[[^\]]*(\]\([^)]*)?$/, '');
  if ((cut.match(/`/g) ?? []).length % 2 === 1) cut = cut.slice(0, cut.lastIndexOf('`'));
  return cut;
}

const MARKDOWN_IMAGE = /!\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+["'][^)]*["'])?\s*\)/g;
const HTML_IMAGE = /<img\b[^>]*>/gi;

const withoutQuery = (url: string) => url.split(/[?#]/)[0];

/** Drops every image but the note's free one (its first image). */
function keepOnlyFreeImage(text: string, freeImageUrl: string | null): string {
  const free = freeImageUrl === null ? null : withoutQuery(freeImageUrl);
  return text
    .replace(MARKDOWN_IMAGE, (image, url: string) =>
      free !== null && withoutQuery(url) === free ? image : '',
    )
    .replace(HTML_IMAGE, '');
}

/**
 * The free preview of a paid note's Markdown: whole paragraphs from the start while they fit
 * the budget (the first paragraph is cut at a sentence if it alone is too long), never part of
 * a code block, and no image but `freeImageUrl`. Always shorter than the note itself.
 */
export function previewOf(content: string, freeImageUrl: string | null = null): string {
  const normalized = content.replace(/\r\n?/g, '\n');
  const budget = Math.min(PREVIEW_MAX_CHARS, Math.floor(length(normalized) * PREVIEW_SHARE));
  const taken: string[] = [];
  let used = 0;
  for (const block of splitBlocks(normalized)) {
    const cost = length(block.text) + (taken.length > 0 ? 2 : 0);
    if (used + cost <= budget) {
      taken.push(block.text);
      used += cost;
      continue;
    }
    if (taken.length === 0 && !block.code) taken.push(cutParagraph(block.text, budget));
    break;
  }
  return keepOnlyFreeImage(taken.join('\n\n'), freeImageUrl)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** What a card's excerpt may be taken from: a free note's body, or only a paid note's preview. */
export const freeTextOf = (content: string, priceCents: number): string =>
  priceCents > 0 ? previewOf(content) : content;
