import type { SearchHighlights, TextRange } from '../../../contract/post.ts';
import type { SearchQuery, SearchTerm } from './segmenter.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A term as it may be written in a note: a phrase's tokens with anything but letters and
 * digits between them (the index drops spaces and punctuation, so "AI助手" finds "AI 助手").
 */
const termPattern = (term: SearchTerm) => term.tokens.map(tokenPattern).join('[^\\p{L}\\p{N}]*');

/** A Latin word or number matches whole (ai is not the middle of said), as the index does. */
const LATIN_EDGE = '(?!\\p{Script=Han})[\\p{L}\\p{N}]';
const HAN_START = /^\p{Script=Han}/u;
const tokenPattern = (token: string) =>
  HAN_START.test(token)
    ? escapeRegExp(token)
    : `(?<!${LATIN_EDGE})${escapeRegExp(token)}(?!${LATIN_EDGE})`;

/** One pattern for every term, longest first so 单元测试 wins over 单元. */
export function highlightPattern(query: SearchQuery): RegExp | null {
  const terms = [...query.required, ...query.optional].sort(
    (a, b) => b.tokens.join('').length - a.tokens.join('').length,
  );
  if (terms.length === 0) return null;
  return new RegExp(terms.map(termPattern).join('|'), 'giu');
}

/**
 * Where the query's words occur in plain text, as [start, end) offsets in UTF-16 code units.
 * The browser draws them as <mark> elements around text nodes, so no note text is ever read
 * as HTML.
 */
export function rangesOf(text: string, pattern: RegExp | null): TextRange[] {
  if (!pattern) return [];
  const ranges: TextRange[] = [];
  for (const match of text.matchAll(pattern)) {
    if (match[0].length === 0) continue;
    ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

export function highlightsOf(
  card: { title: string; excerpt: string },
  pattern: RegExp | null,
): SearchHighlights {
  return { title: rangesOf(card.title, pattern), excerpt: rangesOf(card.excerpt, pattern) };
}
