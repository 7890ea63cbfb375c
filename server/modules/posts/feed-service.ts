import { errorText } from '../../../contract/messages.ts';
import type { PostListQuery, PostSort } from '../../../contract/post.ts';
import { badRequest } from '../../lib/errors.ts';
import { pageCount, pageWindow } from '../../lib/pagination.ts';
import type { Viewer } from '../users/viewer.ts';
import { writtenCard } from './card-list.ts';
import type { CardList } from './card-list.ts';
import { decodeCursor, encodeCursor } from './feed-cursor.ts';
import type { FeedKey } from './feed-cursor.ts';
import type { CategoryCatalog } from '../categories/category-catalog.ts';
import type { NoteCaches } from './note-caches.ts';
import { FEED_SORT_COLUMN } from './post-repository.ts';
import type { FeedRow, PostRepository } from './post-repository.ts';
import type { PostPresenter } from './present-post.ts';

/** The note's place in `sort`'s order (every published note has all three keys). */
function keyOf(sort: PostSort, row: FeedRow): FeedKey {
  return { value: Number(row[FEED_SORT_COLUMN[sort]] ?? 0), id: row.id };
}

/** The home feed: 综合 (ranked), 最新 and 最热, of every category or one. */
export function createFeedService(deps: {
  posts: PostRepository;
  presenter: PostPresenter;
  categories: CategoryCatalog;
  caches: Pick<NoteCaches, 'feedPages' | 'feedTotals'>;
}) {
  const { posts, presenter, categories, caches } = deps;

  async function categoryIdOf(slug: string | undefined): Promise<number | null> {
    if (!slug) return null;
    const category = await categories.find(slug);
    if (!category) throw badRequest(errorText.categoryInvalid);
    return category.id;
  }

  return {
    async page(query: PostListQuery, viewer: Viewer | null): Promise<CardList> {
      const window = pageWindow(query);
      const categoryId = await categoryIdOf(query.category);
      const sort = query.sort ?? 'newest';
      const after = query.cursor === undefined ? null : decodeCursor(query.cursor, sort);
      const scope = `${sort === 'popular' ? 'week' : 'all'}|${categoryId ?? 'all'}`;
      const place = query.cursor ?? `@${window.offset}`;
      // Every reader sees the same page: it is built once, then personalised per caller.
      const [page, total] = await Promise.all([
        caches.feedPages.get(`${scope}|${sort}|${window.limit}|${place}`, async () => {
          // One row more than shown tells whether a next page exists without counting.
          const rows = await posts.listFeed({
            categoryId,
            sort,
            after,
            limit: window.limit + 1,
            offset: window.offset,
          });
          const shown = rows.slice(0, window.limit);
          const last = shown.at(-1);
          return {
            cards: (await presenter.publicCards(shown)).map(writtenCard),
            next: rows.length > window.limit && last ? encodeCursor(sort, keyOf(sort, last)) : null,
          };
        }),
        caches.feedTotals.get(scope, () => posts.countFeed({ categoryId, sort })),
      ]);
      return {
        cards: page.cards,
        flags: await presenter.readerFlags(page.cards, viewer),
        total,
        page: window.page,
        pages: pageCount(total, window.limit),
        nextCursor: page.next,
      };
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
