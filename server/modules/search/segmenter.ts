import type { Jieba } from '@node-rs/jieba';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import * as jiebaText from './jieba-text.js';
import { createSegmenterThread } from './segmenter-thread.ts';
import type { IndexText, NoteParts } from './jieba-text.js';
import type { SegmenterThread } from './segmenter-thread.ts';

/**
 * Chinese text has no spaces, so the index cannot find words by itself. Text is cut into
 * tokens when it is written, and a query is cut the same way when it is read:
 *
 * - `words`: jieba's search-mode words (机器学习 -> 机器, 学习, 机器学习) for relevance;
 * - `chars`: one token per CJK character plus whole Latin words and numbers, so that a phrase
 *   of consecutive tokens finds any substring, even a one- or two-character query (编程, AI).
 *
 * Tokens hold letters and digits only, so nothing a user types can become index syntax.
 *
 * The server cuts on its segmenter thread (`parseSearchOffThread`, `indexTextOffThread`), so
 * that jieba's dictionary is neither built nor held on the thread that answers requests;
 * scripts, tests and the bench cut on their own thread (`parseSearch`, `indexText`).
 */
let jieba: Jieba | null = null;

/** jieba with its dictionary on this thread, built on the first text to cut here. */
function segmenter(): Jieba {
  jieba ??= jiebaText.loadJieba();
  return jieba;
}

let thread: SegmenterThread | null = null;

/** The process's one segmenter thread, started by the first cut sent to it. */
function segmenterThread(): SegmenterThread {
  thread ??= createSegmenterThread();
  return thread;
}

/** Resolves once the segmenter thread holds jieba's dictionary. */
export const segmenterThreadReady = () => segmenterThread().ready();

export const { charTokens } = jiebaText;

export type { IndexText } from './jieba-text.js';

export function indexText(parts: NoteParts): IndexText {
  return jiebaText.indexText(segmenter(), parts);
}

/** `indexText` on the segmenter thread. */
export function indexTextOffThread(parts: NoteParts): Promise<IndexText> {
  return segmenterThread().indexText(parts);
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

/** A query's quoted phrases, each a required term, and the rest of its text. */
function quotedPhrases(query: string): { required: SearchTerm[]; rest: string } {
  const required: SearchTerm[] = [];
  const rest = query.replace(QUOTED, (_quoted, inner: string) => {
    const tokens = charTokens(inner);
    if (tokens.length > 0) required.push({ column: 'chars', tokens });
    return ' ';
  });
  return { required, rest };
}

/**
 * Quoted parts become required character phrases (they find the words wherever they occur,
 * however jieba cut the note). The rest is cut into words (`words`, jieba's precise words of
 * it) that are each optional. Single characters (的, 和) are dropped when longer words remain,
 * as are question words; a query of single characters alone (色) looks them up as characters.
 */
function searchQueryOf(required: SearchTerm[], words: string[]): SearchQuery {
  const longer = words.filter((word) => !SINGLE_HAN.test(word));
  const meaningful = longer.filter((word) => !STOP_WORDS.has(word));
  const chosen = meaningful.length > 0 ? meaningful : longer;
  const optional: SearchTerm[] =
    chosen.length > 0
      ? chosen.map((word) => ({ column: 'words', tokens: [word] }))
      : words.map((word) => ({ column: 'chars', tokens: [word] }));
  return { required, optional: optional.slice(0, MAX_QUERY_WORDS) };
}

export function parseSearch(query: string): SearchQuery {
  const { required, rest } = quotedPhrases(query);
  return searchQueryOf(required, jiebaText.queryWords(segmenter(), rest));
}

/**
 * Queries' words by text. jieba takes some 3 µs to cut a query, its round trip to the segmenter
 * thread some 100 µs of the two threads' time; readers ask the same queries again and again (a
 * topic, a name, what is in the news), and a text's words never change. A query is at most
 * `POST_LIMITS.searchMax` characters, so these take well under a megabyte, and they are let go
 * after `CUT_QUERY_TTL_MS` so that a server at rest holds none.
 */
export const MAX_CUT_QUERIES = 2000;
const CUT_QUERY_TTL_MS = 10 * 60_000;

/**
 * `parseSearch` with the words cut by `queryWords` (the segmenter thread's in the server), each
 * text once while it is among the `MAX_CUT_QUERIES` most recently asked (`cache_lookups_total`
 * counts them as `search-words`).
 */
export function createSearchParser(queryWords: (text: string) => Promise<string[]>) {
  const cut = createTtlCache<string[]>({
    ttlMs: CUT_QUERY_TTL_MS,
    maxEntries: MAX_CUT_QUERIES,
    name: 'search-words',
  });
  return async (query: string): Promise<SearchQuery> => {
    const { required, rest } = quotedPhrases(query);
    // jieba cuts the runs between spaces apart, so how many spaces there are changes nothing.
    const text = rest.replace(/\s+/gu, ' ').trim();
    return searchQueryOf(required, await cut.get(text, () => queryWords(text)));
  };
}

/** `parseSearch` with the words cut on the segmenter thread. */
export const parseSearchOffThread = createSearchParser((text) =>
  segmenterThread().queryWords(text),
);
