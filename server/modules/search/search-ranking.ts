import type { IndexFilter, SearchHit, SearchIndex } from './search-index.ts';
import { asksNothing } from './search-query.js';
import { parseSearchOffThread } from './segmenter.ts';
import type { SearchQuery } from './segmenter.ts';

/**
 * How many of the newest matches each tier ranks, at least. Relevance costs about as much per
 * note as reading the note's index text, so ranking every match of a common word (编程 is in
 * one note in eight) would make a query cost as much as reading its whole index; the window
 * grows with the page asked for, so every page a reader reaches is ranked.
 */
export const RANK_WINDOW = 60;

/** One page of a search: the notes' ids in rank order and an estimate of all matches. */
export interface SearchPage {
  ids: number[];
  /**
   * Exact below `cap`, else `cap`; on PostgreSQL also `cap` where the planner expects a quarter
   * more matches of one term than that (search-index.ts, `ESTIMATE_TRUSTED`).
   */
  total: number;
}

/** A page of a search and the query its text asks (for highlights). */
export interface RankedSearch extends SearchPage {
  query: SearchQuery;
}

/** Best first; among equals, newest first. */
const byRelevance = (a: SearchHit, b: SearchHit) => b.score - a.score || b.id - a.id;

/**
 * Notes holding every word of the query come first, then notes holding some of them; each
 * tier is ordered by relevance, in which a note holding more of the words scores higher. A
 * query of whole words alone is ranked over all its matches from postings held in memory, by
 * the index's `rankText`; here, quoted phrases and single characters (and any query, on an
 * index without that thread) rank the newest matches of each tier.
 */
export async function rankPage(
  index: SearchIndex,
  query: SearchQuery,
  page: { offset: number; limit: number },
  cap: number,
): Promise<SearchPage> {
  const needed = page.offset + page.limit;
  const window = Math.max(RANK_WINDOW, needed);
  const { required, optional } = query;
  // With a quoted phrase the words are not needed, they only rank the notes holding them higher.
  const anyWord: IndexFilter = { required, anyOf: required.length > 0 ? [] : optional };
  const single = optional.length === 0 || (required.length === 0 && optional.length === 1);
  const every: IndexFilter = { required: [...required, ...optional], anyOf: [] };

  const first = (await index.newest(single ? anyWord : every, window)).sort(byRelevance);
  let ranked = first;
  // The first tier read to its end: nothing more to rank, or the total is exact.
  let complete = first.length < window;
  if (!single && first.length < needed) {
    // The notes holding some of the words; those holding all of them were all in `first`
    // (fewer than the window), so they are left out here rather than by a NOT in the index,
    // which would cost another pass over each word's postings.
    const seen = new Set(first.map((hit) => hit.id));
    const more = await index.newest(anyWord, window + first.length);
    complete = more.length < window + first.length;
    ranked = [...first, ...more.filter((hit) => !seen.has(hit.id)).sort(byRelevance)];
  } else if (!single) {
    complete = false;
  }
  const ids = ranked.slice(page.offset, needed).map((hit) => hit.id);
  const total = complete ? Math.min(cap, ranked.length) : await index.count(anyWord, cap);
  return { ids, total };
}

/**
 * A page of the search for `text`: parsed and, for whole words, ranked in one trip where the
 * index does both on its thread (`rankText`); else parsed on the segmenter thread and ranked by
 * `rankPage`. A text that asks nothing finds nothing.
 */
export async function rankSearch(
  index: SearchIndex,
  text: string,
  page: { offset: number; limit: number },
  cap: number,
): Promise<RankedSearch> {
  const asked = index.rankText
    ? await index.rankText(text, page, cap)
    : { query: await parseSearchOffThread(text), ranking: null };
  const { query } = asked;
  if (asksNothing(query)) return { query, ids: [], total: 0 };
  return { query, ...(asked.ranking ?? (await rankPage(index, query, page, cap))) };
}
