// What a search query asks for, from its text and its words as jieba cut them: the thread that
// answers requests parses with it (segmenter.ts), and so do the search threads that cut and rank
// a query in one task (read-worker.js, postings-worker.js). Plain JavaScript, as the workers that
// import it.
import { charTokens, loadJieba, queryWords } from './jieba-text.js';

/** More words than this add little to relevance and only make the query slower. */
export const MAX_QUERY_WORDS = 12;

const QUOTED = /["\u201c\u201d]([^"\u201c\u201d]*)["\u201c\u201d]/gu;
const SINGLE_HAN = /^\p{Script=Han}$/u;
const SPACES = /\s+/gu;

/**
 * `text` with each run of spaces made one: jieba cuts the runs between spaces apart, so how many
 * there are changes nothing, and texts that differ only in them are one query.
 * @param {string} text
 */
export const oneSpaced = (text) => text.replace(SPACES, ' ').trim();

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

/**
 * A query's quoted phrases, each a required term, and the rest of its text (`oneSpaced`).
 * @param {string} query
 */
export function quotedPhrases(query) {
  /** @type {import('./search-query.js').SearchTerm[]} */
  const required = [];
  const rest = query.replace(QUOTED, (_quoted, inner) => {
    const tokens = charTokens(inner);
    if (tokens.length > 0) required.push({ column: 'chars', tokens });
    return ' ';
  });
  return { required, rest: oneSpaced(rest) };
}

/**
 * Quoted parts become required character phrases (they find the words wherever they occur,
 * however jieba cut the note). The rest is cut into words (`words`, jieba's precise words of
 * it) that are each optional. Single characters (的, 和) are dropped when longer words remain,
 * as are question words; a query of single characters alone (色) looks them up as characters.
 * @param {import('./search-query.js').SearchTerm[]} required
 * @param {string[]} words
 * @returns {import('./search-query.js').SearchQuery}
 */
export function searchQueryOf(required, words) {
  const longer = words.filter((word) => !SINGLE_HAN.test(word));
  const meaningful = longer.filter((word) => !STOP_WORDS.has(word));
  const chosen = meaningful.length > 0 ? meaningful : longer;
  const optional =
    chosen.length > 0
      ? chosen.map((word) => ({ column: 'words', tokens: [word] }))
      : words.map((word) => ({ column: 'chars', tokens: [word] }));
  return { required, optional: optional.slice(0, MAX_QUERY_WORDS) };
}

/**
 * The query's words when it is made of whole words alone, which the postings in memory rank
 * (word-postings.js); null when it has quoted phrases or single characters, or asks nothing.
 * @param {import('./search-query.js').SearchQuery} query
 */
export function wholeWords(query) {
  const whole =
    query.required.length === 0 &&
    query.optional.length > 0 &&
    query.optional.every((term) => term.column === 'words' && term.tokens.length === 1);
  return whole ? query.optional.map((term) => term.tokens[0]) : null;
}

/**
 * Whether a query asks for nothing (its text held no letter or digit).
 * @param {import('./search-query.js').SearchQuery} query
 */
export const asksNothing = (query) => query.required.length === 0 && query.optional.length === 0;

/**
 * A query's text parsed with `jieba`'s words of it.
 * @param {import('@node-rs/jieba').Jieba} jieba
 * @param {string} text
 */
export function cutSearch(jieba, text) {
  const { required, rest } = quotedPhrases(text);
  return searchQueryOf(required, queryWords(jieba, rest));
}

/** The calling thread's own jieba, built by its first `cutOnThisThread` (some 185 ms, 40 MiB). */
let threadJieba = null;

/**
 * A search's text cut on a search thread, with that thread's own jieba (docs/decisions/044 and
 * 047): the query, and its words when it is made of whole words alone (else null).
 * @param {string} text
 */
export function cutOnThisThread(text) {
  const query = cutSearch((threadJieba ??= loadJieba()), text);
  return { query, words: wholeWords(query) };
}
