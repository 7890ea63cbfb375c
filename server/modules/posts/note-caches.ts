import type { SitemapEntry } from '../../../contract/post.ts';
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
  /** Published notes for the sitemap (one entry, key 'all'). */
  sitemap: TtlCache<SitemapEntry[]>;
  /** After a note is written or removed: nothing cached about notes holds any more. */
  clear(): void;
}

/** Feed totals may lag this much behind writes made by another instance. */
const FEED_TOTALS_TTL_MS = 10_000;
/** A page's counts may lag this much behind another instance's writes (the note page is always fresh). */
const PUBLIC_PAGES_TTL_MS = 5_000;
const SITEMAP_TTL_MS = 10 * 60_000;
/**
 * Some 1.3 KB of written JSON each, with a title, an excerpt and one small object (card-list.ts):
 * at most about 35 MB while busy, and nothing once they expire at rest. Under distinct searches
 * at 100 000 notes, 5 000 cards missed a third of a page's cards, read again on the read thread
 * and written again on the thread that answers requests: 1,940-2,100 searches a second, p99
 * 55-65 ms. 10 000 gave 2,460 (p99 40-44 ms), 20 000 2,550-2,650 (p99 37-45 ms), 50 000 no
 * more than 20 000: within the 5 s that a card lives, the pages asked for hold fewer notes than
 * that.
 */
const MAX_CARDS = 20_000;

/**
 * `dependents` are caches other modules keep of notes (the search module's ranked pages): they
 * are cleared together with these.
 */
export function createNoteCaches(dependents: { clear(): void }[] = []): NoteCaches {
  const caches = {
    feedTotals: createTtlCache<number>({
      ttlMs: FEED_TOTALS_TTL_MS,
      maxEntries: 64,
      name: 'feed-totals',
    }),
    cards: createTtlCache<WrittenCard>({
      ttlMs: PUBLIC_PAGES_TTL_MS,
      maxEntries: MAX_CARDS,
      name: 'cards',
    }),
    feedPages: createTtlCache<FeedPage>({
      ttlMs: PUBLIC_PAGES_TTL_MS,
      maxEntries: 1000,
      name: 'feed-pages',
    }),
    sitemap: createTtlCache<SitemapEntry[]>({
      ttlMs: SITEMAP_TTL_MS,
      maxEntries: 1,
      name: 'sitemap',
    }),
  };
  return {
    ...caches,
    clear() {
      for (const cache of [...Object.values(caches), ...dependents]) cache.clear();
    },
  };
}
