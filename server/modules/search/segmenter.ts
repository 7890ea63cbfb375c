import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';

/**
 * Chinese text has no spaces, so the index cannot find words by itself. Text is cut into
 * tokens when it is written, and a query is cut the same way when it is read:
 *
 * - `words`: jieba's search-mode words (机器学习 -> 机器, 学习, 机器学习) for relevance;
 * - `chars`: one token per CJK character plus whole Latin words and numbers, so that a phrase
 *   of consecutive tokens finds any substring, even a one- or two-character query (编程, AI).
 *
 * Tokens hold letters and digits only, so nothing a user types can become index syntax.
 */
const jieba = Jieba.withDict(dict);

/** A run of CJK ideographs, or a run of other letters/digits (Latin words, numbers). */
const CHUNK = /\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu;
const HAN = /\p{Script=Han}/u;

export interface IndexText {
  words: string;
  chars: string;
}

/** One token per ideograph, one per Latin word or number, in text order, lowercased. */
export function charTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const [chunk] of text.toLowerCase().matchAll(CHUNK)) {
    if (HAN.test(chunk)) tokens.push(...chunk);
    else tokens.push(chunk);
  }
  return tokens;
}

/** jieba's search-mode words, lowercased, punctuation and spaces dropped. */
export function wordTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const word of jieba.cutForSearch(text.toLowerCase(), true)) {
    // jieba keeps "c++" or "node.js" whole; the index splits on anything but letters/digits.
    for (const [part] of word.matchAll(CHUNK)) tokens.push(part);
  }
  return tokens;
}

/** Times a title or tag word counts towards relevance, against once for the body. */
const HEADLINE_BOOST = 3;

/** What the search index stores for a note: title, tags and body. */
export function indexText(parts: { title: string; tags: string[]; content: string }): IndexText {
  const headline = [parts.title, ...parts.tags].join('\n');
  const text = [headline, parts.content].join('\n');
  const words = [...Array(HEADLINE_BOOST).fill(headline), parts.content].join('\n');
  return { words: wordTokens(words).join(' '), chars: charTokens(text).join(' ') };
}

/**
 * A query's terms (split on spaces): each must appear in the note. A term is a phrase of its
 * character tokens (for matching) plus its jieba words (for ranking).
 */
export interface QueryTerm {
  chars: string[];
  words: string[];
}

export function parseQuery(query: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  for (const raw of query.trim().split(/\s+/u)) {
    const chars = charTokens(raw);
    if (chars.length === 0) continue;
    const words = [...new Set(wordTokens(raw))];
    terms.push({ chars, words });
  }
  return terms;
}
