import { createTtlCache } from '../../lib/ttl-cache.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import type { WrittenCard } from './card-list.ts';

export interface FeedPage {
  cards: WrittenCard[];
  /** The cursor of the page after this one; null on the last page. */
  next: string | null;
}

/**
 * What readers of notes cache, built once per app so that a write anywhere clears what every
 * reader caches.
 */
export interface NoteCaches {
  /** Published-note totals per category ('all' for the whole feed). */
  feedTotals: TtlCache<number>;
  /**
   * Cards by note id as every reader sees them, before the caller's own flags, for pages put
   * together from ids (search results: a distinct query is a page nobody asked for before, of
   * notes often shown before).
   */
  cards: TtlCache<WrittenCard>;
  /** Pages of the home feed as every reader sees them, with the cursor of the next page. */
  feedPages: TtlCache<FeedPage>;
  /**
   * After a note is written or removed: no list or total holds any more, nor the note's own card.
   * The other cards do: a card shows its own note and its author (card-freshness.ts), and
   * clearing 40,000 of them on every write held the thread that answers requests 5-8 ms and left
   * the next searches to read them all again.
   */
  noteChanged(postId: number): void;
}

/** Feed totals may lag this much behind writes made by another instance. */
const FEED_TOTALS_TTL_MS = 10_000;
/** A page's counts may lag this much behind another instance's writes (the note page is always fresh). */
const PUBLIC_PAGES_TTL_MS = 5_000;
/**
 * How long a search page's card lives. This instance drops a card as soon as anything it shows
 * changes here (card-freshness.ts); the time bounds only what another instance changed (its
 * counts, its author's name). Under distinct searches of any of the notes' words at 100,000
 * notes, cards of 5 s missed 27-29 % of a page's cards (21 % with three times as many): each
 * read again on the foreground thread and written again on the thread that answers requests,
 * some 45 µs of CPU a card. Of 30 s (and 40,000), 8 %: 1,492-1,915 searches a second with p99
 * 47-61 ms, against 1,318-1,692 with p99 67-89 ms, each build in turn (decision 075).
 */
const SEARCH_CARDS_TTL_MS = 30_000;
/**
 * Some 1.3 KB of written JSON each, with a title, an excerpt and one small object (card-list.ts):
 * at most about 70 MB while busy, and nothing once they expire at rest. Within the 30 s that a
 * card lives, 20,000 missed a quarter of them as cards of 5 s did; 40,000 missed 7 %, and 60,000
 * no fewer.
 */
const MAX_CARDS = 40_000;

/**
 * `dependents` are caches other modules keep of notes (the search module's ranked pages, the
 * written sitemap): they are cleared together with these lists.
 */
export function createNoteCaches(dependents: { clear(): void }[] = []): NoteCaches {
  const caches = {
    feedTotals: createTtlCache<number>({
      ttlMs: FEED_TOTALS_TTL_MS,
      maxEntries: 64,
      name: 'feed-totals',
    }),
    cards: createTtlCache<WrittenCard>({
      ttlMs: SEARCH_CARDS_TTL_MS,
      maxEntries: MAX_CARDS,
      name: 'cards',
    }),
    feedPages: createTtlCache<FeedPage>({
      ttlMs: PUBLIC_PAGES_TTL_MS,
      maxEntries: 1000,
      name: 'feed-pages',
    }),
  };
  return {
    ...caches,
    noteChanged(postId) {
      const { cards, ...lists } = caches;
      for (const cache of [...Object.values(lists), ...dependents]) cache.clear();
      cards.delete(String(postId));
    },
  };
}
