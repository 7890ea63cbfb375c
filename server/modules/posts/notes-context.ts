import type { Kysely } from 'kysely';
import type { SitemapEntry } from '../../../contract/post.ts';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { DomainEventBus } from '../../plugins/domain-events.ts';
import { createCategoryCatalog } from '../categories/category-catalog.ts';
import type { CategoryCatalog } from '../categories/category-catalog.ts';
import { createSearchIndex } from '../search/search-index.ts';
import type { SearchIndex } from '../search/search-index.ts';
import { searchableText } from '../search/searchable-text.ts';
import type { SearchPage } from '../search/search-ranking.ts';
import type { ReadPool } from '../../db/read-pool.ts';
import type { Paywall } from '../paywall/paywall.ts';
import type { Storage } from '../storage/storage.ts';
import { createUploadService } from '../uploads/upload-service.ts';
import type { UploadService } from '../uploads/upload-service.ts';
import { refreshRank } from './feed-rank.ts';
import { createPostPresenter } from './present-post.ts';
import type { PostPresenter, PublicCard } from './present-post.ts';
import { createPostRepository } from './post-repository.ts';
import type { PostRepository, PostRow } from './post-repository.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';

/**
 * What the note modules (posts, search, comments, admin, pins, sitemap) share, built once per
 * app so that their caches agree: a write anywhere clears what every reader caches.
 */
export interface NotesContext {
  db: Kysely<Database>;
  dialect: DialectName;
  events: DomainEventBus;
  storage: Storage;
  categories: CategoryCatalog;
  posts: PostRepository;
  presenter: PostPresenter;
  uploads: UploadService;
  searchIndex: SearchIndex;
  /** Published-note totals per category ('all' for the whole feed). */
  feedTotals: TtlCache<number>;
  /** Feed and search pages as every reader sees them, before the caller's own flags. */
  publicPages: TtlCache<PublicCard[]>;
  /** Pages of the home feed as every reader sees them, with the cursor of the next page. */
  feedPages: TtlCache<FeedPage>;
  /** Ranked pages per query. */
  searchResults: TtlCache<SearchPage>;
  /** Published notes for the sitemap (one entry, key 'all'). */
  sitemap: TtlCache<SitemapEntry[]>;
}

/** Feed totals may lag this much behind writes made by another instance. */
const FEED_TOTALS_TTL_MS = 10_000;
/** A page's counts may lag this much behind another instance's writes (the note page is always fresh). */
const PUBLIC_PAGES_TTL_MS = 5_000;
const SEARCH_TTL_MS = 30_000;
const SITEMAP_TTL_MS = 10 * 60_000;

export interface FeedPage {
  cards: PublicCard[];
  /** The cursor of the page after this one; null on the last page. */
  next: string | null;
}

export function createNotesContext(deps: {
  db: Kysely<Database>;
  dialect: DialectName;
  reader?: ReadPool | null;
  events: DomainEventBus;
  storage: Storage;
  paywall: Paywall;
}): NotesContext {
  const categories = createCategoryCatalog(deps.db);
  return {
    ...deps,
    categories,
    posts: createPostRepository(deps.db),
    presenter: createPostPresenter({ db: deps.db, categories, paywall: deps.paywall }),
    uploads: createUploadService({ db: deps.db, storage: deps.storage }),
    searchIndex: createSearchIndex(deps.db, deps.dialect, deps.reader ?? null),
    feedTotals: createTtlCache({ ttlMs: FEED_TOTALS_TTL_MS, maxEntries: 64, name: 'feed-totals' }),
    publicPages: createTtlCache({
      ttlMs: PUBLIC_PAGES_TTL_MS,
      maxEntries: 1000,
      name: 'public-pages',
    }),
    feedPages: createTtlCache({ ttlMs: PUBLIC_PAGES_TTL_MS, maxEntries: 1000, name: 'feed-pages' }),
    searchResults: createTtlCache({ ttlMs: SEARCH_TTL_MS, maxEntries: 500, name: 'search' }),
    sitemap: createTtlCache({ ttlMs: SITEMAP_TTL_MS, maxEntries: 1, name: 'sitemap' }),
  };
}

/**
 * Runs a multi-step write of notes (the row, its images, its search-index row) in one
 * transaction: `work` gets the context with its repositories bound to the transaction. On
 * SQLite the transaction holds the only connection, so `work` must reach the database through
 * the context it is given (a query through the app's own handle would wait forever) and must
 * not wait on anything slow outside it; domain events are emitted after the commit.
 */
export function inTransaction<T>(
  context: NotesContext,
  work: (tx: NotesContext) => Promise<T>,
): Promise<T> {
  return context.db.transaction().execute((trx) =>
    work({
      ...context,
      db: trx,
      posts: createPostRepository(trx),
      uploads: createUploadService({ db: trx, storage: context.storage }),
      searchIndex: createSearchIndex(trx, context.dialect),
    }),
  );
}

/**
 * After a note is written: only published notes are searchable and ranked, and cached totals
 * and search pages no longer hold.
 */
export async function syncPost(context: NotesContext, row: PostRow): Promise<void> {
  await refreshRank(context.db, context.dialect, row.id);
  if (row.status === 'approved') {
    await context.searchIndex.put(row.id, searchableText(row));
  } else {
    await context.searchIndex.remove(row.id);
  }
  clearCaches(context);
}

/** After a note is deleted. */
export async function forgetPost(context: NotesContext, postId: number): Promise<void> {
  await context.searchIndex.remove(postId);
  clearCaches(context);
}

/** Readers may have refilled the caches while a transaction was open: cleared again after it. */
export function clearCaches(context: NotesContext): void {
  context.feedTotals.clear();
  context.publicPages.clear();
  context.feedPages.clear();
  context.searchResults.clear();
  context.sitemap.clear();
}
