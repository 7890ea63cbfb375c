import { errorText } from '../../../contract/messages.ts';
import { POST_LIMITS } from '../../../contract/post-rules.ts';
import type { PostListQuery } from '../../../contract/post.ts';
import { clientClosedRequest, tooManyRequests } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { loopLoad } from '../../lib/loop-load.ts';
import { createPriorityGate } from '../../lib/priority-gate.ts';
import type { PriorityGate } from '../../lib/priority-gate.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import type { Viewer } from '../users/viewer.ts';
import { writtenCard } from '../posts/card-list.ts';
import type { CardList, WrittenCard } from '../posts/card-list.ts';
import type { CardReads } from '../posts/card-reads.ts';
import type { PostPresenter } from '../posts/present-post.ts';
import { highlighter, highlightsOf } from './highlight.ts';
import { oneSpaced } from './search-query.js';
import type { SearchIndex } from './search-index.ts';
import { rankSearch } from './search-ranking.ts';
import type { RankedSearch } from './search-ranking.ts';

const SEARCH_TTL_MS = 30_000;

/** Ranked pages per query; cleared with the note modules' caches whenever a note is written. */
export function createSearchResults(): TtlCache<RankedSearch> {
  return createTtlCache<RankedSearch>({ ttlMs: SEARCH_TTL_MS, maxEntries: 500, name: 'search' });
}

/**
 * The share of the last 50 ms its event loop was busy past which the thread that answers
 * requests has no time to spare for searches. Under a saturating feed alone it read 0.70-0.75
 * at the 10th percentile of 50 ms windows, 0.83-0.89 at the median: at 0.8 a search got in at
 * every dip and came to 176-232 a second; at 0.6, 90-100.
 */
const SATURATED_AT = 0.6;

/**
 * Searches give way to the rest of the site on the thread that answers requests (server/lib/
 * priority-gate.ts). While that thread is saturated and other requests are being answered, one
 * at a time, at least 10 ms apart, and each after a rest three times as long as the one before
 * took, of at most 50 ms (so that the first search after a start, which loads the dictionary,
 * does not hold the others back for seconds).
 *
 * A search of topic words costs the thread as much as some 16 to 20 pages of the feed, and beside
 * a saturating feed 10 ms apart let PostgreSQL's searches take 4-8 % of its throughput (decision
 * 033). But a fixed gap gave a costlier search (a quoted phrase costs SQLite's read thread about
 * three times a search of words) a share in proportion to its cost: the feed kept 61-70 % beside
 * phrases. With the rest, the feed kept 82-102 % (decision 062).
 *
 * Otherwise up to 32 at once: a site with time to spare answers them as they come. A line longer
 * than a thousand is refused, to be tried again in a second.
 */
export function createSearchGate(): PriorityGate {
  return createPriorityGate({
    busySlots: 1,
    busyGapMs: 10,
    busyRestFactor: 3,
    busyRestMaxMs: 50,
    idleSlots: 32,
    quietMs: 20,
    maxWaiting: 1000,
    full: () => tooManyRequests(errorText.tooManyRequests, 1),
    gone: clientClosedRequest,
    saturated: () => loopLoad.utilization() >= SATURATED_AT,
  });
}

/** Full-text search over published notes (see docs/decisions/001, 015, 024 and 028). */
export function createSearchService(deps: {
  index: SearchIndex;
  /**
   * Reads the page's cards: with the other searches' of the turn (posts/card-reads.ts), on the
   * read pool where there is one (server/db/read-pool-kysely.ts).
   */
  posts: CardReads;
  presenter: PostPresenter;
  /** Ranked pages per query. */
  results: TtlCache<RankedSearch>;
  /** The note modules' cache of cards by note id as every reader sees them. */
  cards: TtlCache<WrittenCard>;
  /** Lets other requests go first (createSearchGate). */
  gate: PriorityGate;
}) {
  const { index, posts, presenter, results, cards, gate } = deps;
  /** The cards of notes not cached, read in one query; notes no longer published are left out. */
  const loadCards = async (missing: string[]) => {
    const { rows, authors } = await posts.cardsByIds(missing.map(Number));
    const approved = rows.filter((row) => row.status === 'approved');
    const loaded = await presenter.publicCards(approved, authors);
    return new Map(loaded.map((entry) => [String(entry.row.id), writtenCard(entry)]));
  };
  async function search(query: PostListQuery, viewer: Viewer | null): Promise<CardList> {
    const window = pageWindow(query, POST_LIMITS.searchPageSize);
    // Longer input is cut rather than refused: it is a search box, not a form.
    const spaced = oneSpaced(
      [...(query.search ?? '').trim()].slice(0, POST_LIMITS.searchMax).join(''),
    );
    const key = `search|${spaced}|${window.limit}|${window.offset}`;
    const found = await results.get(key, () =>
      rankSearch(index, spaced, window, POST_LIMITS.searchTotalCap),
    );
    const page = await cards.many(found.ids.map(String), loadCards);
    const ranges = highlighter(found.query);
    return {
      cards: page,
      flags: await presenter.readerFlags(page, viewer),
      highlights: page.map((card) => highlightsOf(card, ranges)),
      total: found.total,
      page: window.page,
      pages: Math.ceil(found.total / window.limit),
    };
  }
  return {
    posts: (query: PostListQuery, viewer: Viewer | null, abandoned?: () => boolean) =>
      gate.run(() => search(query, viewer), abandoned),
  };
}
