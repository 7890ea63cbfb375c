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
const LATIN = new RegExp(`^${LATIN_EDGE}$`, 'u');
const HAN_START = /^\p{Script=Han}/u;
const tokenPattern = (token: string) =>
  HAN_START.test(token)
    ? escapeRegExp(token)
    : `(?<!${LATIN_EDGE})${escapeRegExp(token)}(?!${LATIN_EDGE})`;

/** Where a query's words occur in a card's text. */
export type Highlighter = (text: string) => TextRange[];

/**
 * Every match of one pattern for every term (longest first, so 单元测试 wins over 单元): what
 * `byTokens` finds faster, and must agree with (highlight.test.ts).
 */
export function byPattern(terms: SearchTerm[]): Highlighter {
  const pattern = new RegExp(terms.map(termPattern).join('|'), 'giu');
  return (text) => {
    const ranges: TextRange[] = [];
    for (const match of text.matchAll(pattern)) {
      if (match[0].length === 0) continue;
      ranges.push([match.index, match.index + match[0].length]);
    }
    return ranges;
  };
}

const codePointBefore = (text: string, index: number) => {
  const low = text.charCodeAt(index - 1);
  const surrogate = low >= 0xdc00 && low <= 0xdfff && index >= 2;
  return String.fromCodePoint(text.codePointAt(surrogate ? index - 2 : index - 1) ?? 0);
};
const codePointAt = (text: string, index: number) =>
  String.fromCodePoint(text.codePointAt(index) ?? 0);

/** What may stand between a phrase's tokens: anything but letters and digits (see termPattern). */
const GAP = /[^\p{L}\p{N}]*/uy;
const LETTER_OR_DIGIT_START = /^[\p{L}\p{N}]/u;

/** A token as `byTokens` looks for it: Latin ones must not touch another Latin letter or digit. */
interface Token {
  token: string;
  latin: boolean;
}

/**
 * Where `tokens` (a phrase's, or one word) end when they occur in `lower` from `at`, the first
 * already found there: each next token after any run of characters that are neither letters nor
 * digits, as termPattern's expression would match them; -1 if they do not occur there.
 */
function phraseEnd(lower: string, tokens: Token[], at: number): number {
  let end = at;
  for (let next = 0; next < tokens.length; next += 1) {
    const { token, latin } = tokens[next];
    if (next > 0) {
      GAP.lastIndex = end;
      GAP.exec(lower);
      if (!lower.startsWith(token, GAP.lastIndex)) return -1;
      end = GAP.lastIndex;
    }
    if (latin && end > 0 && LATIN.test(codePointBefore(lower, end))) return -1;
    end += token.length;
    if (latin && end < lower.length && LATIN.test(codePointAt(lower, end))) return -1;
  }
  return end;
}

/**
 * Terms are found with indexOf in the lowercased text, and a quoted phrase's later tokens are
 * checked where the first is found. A regular expression for the terms costs some 20 µs a card,
 * with 20 cards a page on the thread that answers every request; and one for a phrase, whose
 * gaps are Unicode classes (\p{L}), took 2-3 ms to compile, once for every distinct query.
 * Same matches: leftmost first, the longest at a place. Tokens without case (Chinese words,
 * numbers) are looked for in the text as it is: lowercasing copied each of a page's 40 texts,
 * and with the sort's working copy that was a fifth of what a distinct search allocated on that
 * thread (decision 024).
 */
function byTokens(terms: string[][], fallback: () => Highlighter): Highlighter {
  const edged = terms.map((tokens) =>
    tokens.map((token): Token => ({ token, latin: !HAN_START.test(token) })),
  );
  const caseless = terms.every((tokens) => tokens.every((token) => token.toUpperCase() === token));
  return (text) => {
    const lower = caseless ? text : text.toLowerCase();
    // Lowercasing changed where characters are (a rare letter such as İ): offsets would be off.
    if (lower.length !== text.length) return fallback()(text);
    const found: TextRange[] = [];
    for (const tokens of edged) {
      const first = tokens[0].token;
      for (let at = lower.indexOf(first); at !== -1; at = lower.indexOf(first, at + 1)) {
        const end = phraseEnd(lower, tokens, at);
        if (end !== -1) insertInOrder(found, [at, end]);
      }
    }
    const ranges: TextRange[] = [];
    for (const range of found) {
      if (ranges.length === 0 || range[0] >= ranges[ranges.length - 1][1]) ranges.push(range);
    }
    return ranges;
  };
}

/**
 * Puts `range` in place among `sorted` (by start, the longest first at a start). By hand
 * rather than with Array.prototype.sort, which copies the array to sort it: a text holds a
 * handful of matches, and each token's come in order.
 */
function insertInOrder(sorted: TextRange[], range: TextRange): void {
  let at = sorted.length;
  while (
    at > 0 &&
    (sorted[at - 1][0] > range[0] ||
      (sorted[at - 1][0] === range[0] && sorted[at - 1][1] < range[1]))
  ) {
    sorted[at] = sorted[at - 1];
    at -= 1;
  }
  sorted[at] = range;
}

export function highlighter(query: SearchQuery): Highlighter {
  const terms = [...query.required, ...query.optional].sort(
    (a, b) => b.tokens.join('').length - a.tokens.join('').length,
  );
  if (terms.length === 0) return () => [];
  let pattern: Highlighter | null = null;
  const fallback = () => (pattern ??= byPattern(terms));
  // A phrase's gap would swallow a later token that does not begin with a letter or digit,
  // where the expression backtracks: such phrases keep the expression.
  const gapSafe = terms.every((term) =>
    term.tokens.every((token, at) => at === 0 || LETTER_OR_DIGIT_START.test(token)),
  );
  if (!gapSafe) return fallback();
  return byTokens(
    terms.map((term) => term.tokens),
    fallback,
  );
}

/**
 * Where the query's words occur in a card's plain-text title and excerpt, as [start, end)
 * offsets in UTF-16 code units. The browser draws them as <mark> elements around text nodes,
 * so no note text is ever read as HTML.
 */
export function highlightsOf(
  card: { title: string; excerpt: string },
  ranges: Highlighter,
): SearchHighlights {
  return { title: ranges(card.title), excerpt: ranges(card.excerpt) };
}
