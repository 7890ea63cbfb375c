import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Jieba } from '@node-rs/jieba';

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
let jieba: Jieba | null = null;

/**
 * jieba's dictionary, read from dict.txt directly so that the buffer can be dropped once the
 * trie is built (`@node-rs/jieba/dict` would keep it, and the 6 MB IDF table read beside it, for
 * the life of the process).
 */
const DICTIONARY = createRequire(import.meta.url).resolve('@node-rs/jieba/dict.txt');

/**
 * jieba with its dictionary, built on the first text to cut: the trie it builds holds some
 * 40 MiB, which a server that has not yet indexed or searched anything does not need. Built
 * here in one call (about 185 ms), for scripts and tests; the server waits for `segmenterReady`.
 */
function segmenter(): Jieba {
  jieba ??= Jieba.withDict(readFileSync(DICTIONARY));
  return jieba;
}

/**
 * Lines of dict.txt loaded in one turn of the event loop: some 0.5 ms each. A few turns still
 * take 10-35 ms, where jieba's trie grows and copies its arrays.
 */
const SLICE_BYTES = 16 * 1024;

let loading: Promise<void> | null = null;

/**
 * Resolves once jieba holds its dictionary. Built in one call, the trie held the thread that
 * answers requests for about 200 ms at the first search or note written after a start; here the
 * dictionary is read without blocking and loaded in slices of lines, one turn of the event loop
 * each (`loadDict` adds to what an instance holds: `withDict` is an empty instance and one
 * `loadDict`), so other requests are answered in between. Request paths await this before they
 * cut text; once it has resolved it costs one microtask.
 */
export function segmenterReady(): Promise<void> {
  loading ??= (async () => {
    const dictionary = await readFile(DICTIONARY);
    const building = new Jieba();
    for (let at = 0; at < dictionary.length && !jieba;) {
      const newline = dictionary.indexOf(10, at + SLICE_BYTES);
      const end = newline < 0 ? dictionary.length : newline + 1;
      building.loadDict(dictionary.subarray(at, end));
      at = end;
      await nextTurn();
    }
    // A script or test that cut text meanwhile built its own: that one is kept.
    jieba ??= building;
  })();
  return loading;
}

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
  for (const word of segmenter().cutForSearch(text.toLowerCase(), true)) {
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
 * One thing to look for in one column of the index: a phrase of consecutive tokens (a single
 * token is a one-token phrase).
 */
export interface SearchTerm {
  column: 'words' | 'chars';
  tokens: string[];
}

/**
 * A parsed query. A note matches when it holds every `required` term and at least one of the
 * `optional` ones; the more optional terms it holds, the higher it ranks.
 */
export interface SearchQuery {
  /** Quoted phrases ("单元测试" or “单元测试”): each must appear as written. */
  required: SearchTerm[];
  /** The query's other words. */
  optional: SearchTerm[];
}

/** More words than this add little to relevance and only make the query slower. */
export const MAX_QUERY_WORDS = 12;

const QUOTED = /["\u201c\u201d]([^"\u201c\u201d]*)["\u201c\u201d]/gu;
const SINGLE_HAN = /^\p{Script=Han}$/u;

/**
 * Question and function words that say nothing about what a note is about; a long question
 * (如何用 AI 助手提高编程效率) would otherwise match every note that also asks 如何.
 */
const STOP_WORDS = new Set([
  '如何',
  '怎么',
  '怎样',
  '什么',
  '为什么',
  '可以',
  '一个',
  '一些',
  '这个',
  '那个',
  '我们',
  '你们',
  '他们',
  '自己',
  '还是',
  '或者',
  '以及',
  '就是',
  '更好',
]);

/** jieba's precise words of a query (no overlapping sub-words), lowercased, punctuation dropped. */
function queryWords(text: string): string[] {
  const words: string[] = [];
  for (const word of segmenter().cut(text.toLowerCase(), true)) {
    for (const [part] of word.matchAll(CHUNK)) words.push(part);
  }
  return [...new Set(words)];
}

/**
 * Quoted parts become required character phrases (they find the words wherever they occur,
 * however jieba cut the note). The rest is cut into words that are each optional. Single
 * characters (的, 和) are dropped when longer words remain, as are question words; a query of
 * single characters alone (色) looks them up as characters.
 */
export function parseSearch(query: string): SearchQuery {
  const required: SearchTerm[] = [];
  const rest = query.replace(QUOTED, (_quoted, inner: string) => {
    const tokens = charTokens(inner);
    if (tokens.length > 0) required.push({ column: 'chars', tokens });
    return ' ';
  });
  const words = queryWords(rest);
  const longer = words.filter((word) => !SINGLE_HAN.test(word));
  const meaningful = longer.filter((word) => !STOP_WORDS.has(word));
  const chosen = meaningful.length > 0 ? meaningful : longer;
  const optional: SearchTerm[] =
    chosen.length > 0
      ? chosen.map((word) => ({ column: 'words', tokens: [word] }))
      : words.map((word) => ({ column: 'chars', tokens: [word] }));
  return { required, optional: optional.slice(0, MAX_QUERY_WORDS) };
}
