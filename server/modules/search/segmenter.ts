import type { Jieba } from '@node-rs/jieba';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import * as jiebaText from './jieba-text.js';
import { createSegmenterThread } from './segmenter-thread.ts';
import type { IndexText, NoteParts } from './jieba-text.js';
import { cutSearch, quotedPhrases, searchQueryOf } from './search-query.js';
import type { SearchQuery } from './search-query.js';
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
 * that jieba's dictionary is neither built nor held on the thread that answers requests. A
 * search's text is cut on the thread that ranks it (`rankText` in search-index.ts: SQLite's
 * read worker, docs/decisions/044; PostgreSQL's ranking thread, 047). Scripts, tests and the
 * bench cut on their own thread
 * (`parseSearch`, `indexText`).
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

export type { SearchQuery, SearchTerm } from './search-query.js';
export { MAX_QUERY_WORDS } from './search-query.js';

export function parseSearch(query: string): SearchQuery {
  return cutSearch(segmenter(), query);
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
    return searchQueryOf(required, await cut.get(rest, () => queryWords(rest)));
  };
}

/** `parseSearch` with the words cut on the segmenter thread. */
export const parseSearchOffThread = createSearchParser((text) =>
  segmenterThread().queryWords(text),
);
