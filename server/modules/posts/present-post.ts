import type { Kysely } from 'kysely';
import type { ImageRef, Post, PostAuthor, PostCard } from '../../../contract/post.ts';
import { DEFAULT_AVATAR } from '../../../contract/user-rules.ts';
import { errorText } from '../../../contract/messages.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { isoOrNull, toApiId } from '../../lib/ids.ts';
import type { Viewer } from '../users/viewer.ts';
import { isPremiumAt } from '../users/present-user.ts';
import { presentCategory } from '../categories/category-catalog.ts';
import type { CategoryCatalog } from '../categories/category-catalog.ts';
import type { Paywall, PricedPost } from '../paywall/paywall.ts';
import type { ReaderFlags } from './card-list.ts';
import type { PostCardRow, PostRow } from './post-repository.ts';
import type { Marks, ReaderMarks } from './reader-marks.ts';

export interface AuthorRow {
  id: number;
  username: string;
  avatar: string | null;
  premium_end_at: number | null;
  pinned_post_id: number | null;
}

export const presentAuthor = (row: AuthorRow): PostAuthor => ({
  _id: toApiId(row.id),
  id: toApiId(row.id),
  username: row.username,
  avatar: row.avatar ?? DEFAULT_AVATAR,
  isPremium: isPremiumAt(row),
});

/** Authors by id, in one query (users primary key). */
export async function loadAuthors(
  db: Kysely<Database>,
  ids: number[],
): Promise<Map<number, AuthorRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'avatar', 'premium_end_at', 'pinned_post_id'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** A card before the caller's own flags are added, with the row they come from. */
export interface PublicCard {
  row: PostCardRow;
  card: PostCard;
}

export const parseJsonArray = <T>(text: string): T[] => {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as T[]) : [];
};

/**
 * Rows become API notes here, in batches: one query for the authors and, for a signed-in
 * caller, one for their likes and favorites (with other requests' of the same turn) and one for
 * their purchases among the rows.
 */
export function createPostPresenter(deps: {
  /** Where the cards' authors are read: the read pool's foreground thread on SQLite. */
  db: Kysely<Database>;
  categories: CategoryCatalog;
  /** Decides what of a paid note each caller receives. */
  paywall: Paywall;
  /** A signed-in caller's likes and favorites (batchedReaderMarks). */
  marks: ReaderMarks;
}) {
  const unmarked: Promise<Marks> = Promise.resolve({ liked: new Set(), favorited: new Set() });

  /**
   * Everything of the cards that is the same for every caller (cacheable). Authors not given
   * are read, in one query.
   */
  async function publicCards(
    rows: PostCardRow[],
    known?: Map<number, AuthorRow>,
  ): Promise<PublicCard[]> {
    const [authors, categories] = await Promise.all([
      known ??
        loadAuthors(
          deps.db,
          rows.map((row) => row.author_id),
        ),
      deps.categories.all(),
    ]);
    const categoryById = new Map(categories.map((row) => [row.id, row]));
    // Authors are deleted with their notes; a row whose author vanished mid-request is skipped.
    return rows.flatMap((row) => {
      const author = authors.get(row.author_id);
      if (!author) return [];
      const category = categoryById.get(row.category_id);
      const id = toApiId(row.id);
      const card: PostCard = {
        _id: id,
        id,
        title: row.title,
        excerpt: row.excerpt,
        cover:
          row.cover_url === null
            ? null
            : { url: row.cover_url, width: row.cover_width ?? 0, height: row.cover_height ?? 0 },
        category: category
          ? presentCategory(category)
          : { _id: toApiId(row.category_id), id: toApiId(row.category_id), slug: '', name: '' },
        categoryId: toApiId(row.category_id),
        tags: parseJsonArray<string>(row.tags),
        status: row.status,
        rejectReason: row.reject_reason,
        author: presentAuthor(author),
        likesCount: row.likes_count,
        favoritesCount: row.favorites_count,
        commentsCount: row.comments_count,
        isLiked: false,
        isFavorited: false,
        isPinned: author.pinned_post_id === row.id,
        price: row.price_cents / 100,
        isPaid: false,
        canRead: false,
        createdAt: new Date(row.created_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
        publishedAt: isoOrNull(row.published_at),
      };
      return [{ row, card }];
    });
  }

  /** The caller's part of each card: their likes, favorites and what the paywall lets them read. */
  async function readerFlags(rows: PricedPost[], viewer: Viewer | null): Promise<ReaderFlags[]> {
    const ids = rows.map((row) => row.id);
    const [{ liked, favorited }, access] = await Promise.all([
      viewer ? deps.marks.among(viewer.id, ids) : unmarked,
      deps.paywall.accessFor(viewer, rows),
    ]);
    return rows.map((row) => ({
      isLiked: liked.has(row.id),
      isFavorited: favorited.has(row.id),
      ...(access.get(row.id) ?? { canRead: false, isPaid: false }),
    }));
  }

  async function personalize(cards: PublicCard[], viewer: Viewer | null): Promise<PostCard[]> {
    const flags = await readerFlags(
      cards.map((entry) => entry.row),
      viewer,
    );
    return cards.map(({ card }, at) => ({ ...card, ...flags[at] }));
  }

  async function cards(
    rows: PostCardRow[],
    viewer: Viewer | null,
    known?: Map<number, AuthorRow>,
  ): Promise<PostCard[]> {
    return personalize(await publicCards(rows, known), viewer);
  }

  return {
    cards,
    publicCards,
    readerFlags,
    personalize,

    /** A whole note; `author` when it was read with the note (PostRepository.findWithAuthors). */
    async full(row: PostRow, viewer: Viewer | null, author?: AuthorRow): Promise<Post> {
      const [card] = await cards([row], viewer, author && new Map([[author.id, author]]));
      if (!card) throw notFound(errorText.postNotFound);
      const { content, images } = deps.paywall.present(
        { ...row, images: parseJsonArray<ImageRef>(row.images) },
        card,
      );
      return { ...card, content, images };
    },
  };
}

export type PostPresenter = ReturnType<typeof createPostPresenter>;
