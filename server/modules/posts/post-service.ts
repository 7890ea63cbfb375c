import { errorText } from '../../../contract/messages.ts';
import type {
  CreatePostBody,
  FavoriteList,
  FavoriteResult,
  LikeResult,
  MyPostsQuery,
  Post,
  PostCard,
  PostList,
  PostListQuery,
  PostStatus,
  UpdatePostBody,
} from '../../../contract/post.ts';
import { recordWritten } from '../../db/keyed-writes.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { pageCount, pageWindow } from '../../lib/pagination.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { Viewer } from '../users/viewer.ts';
import { freeTextOf } from '../paywall/preview.ts';
import { excerptOf } from './excerpt.ts';
import type { DomainEventBus } from '../../plugins/domain-events.ts';
import type { CategoryCatalog } from '../categories/category-catalog.ts';
import type { UploadService } from '../uploads/upload-service.ts';
import type { CardList } from './card-list.ts';
import type { FeedService } from './feed-service.ts';
import type { NoteCaches } from './note-caches.ts';
import type { NotePageReads } from './note-page-reads.ts';
import type { NoteWriter } from './note-writer.ts';
import type { PostCardRow, PostChanges, PostRepository, PostRow } from './post-repository.ts';
import type { PostPresenter } from './present-post.ts';
import type { ReactionKind, ReactionRepository, ReactionWant } from './reaction-repository.ts';

const ALL_STATUSES: PostStatus[] = ['pending', 'approved', 'rejected'];

/** Published notes are public; the others only to their author and admins. */
export const isVisible = (row: Pick<PostRow, 'status' | 'author_id'>, viewer: Viewer | null) =>
  row.status === 'approved' || viewer?.id === row.author_id || viewer?.isAdmin === true;

const cleanTags = (tags: string[] = []) => [
  ...new Set(tags.map((tag) => tag.trim().replace(/^#/, '')).filter(Boolean)),
];

/** Yuan (as typed) to cents (as stored). */
const toCents = (price: number) => Math.round(price * 100);

/** The search of notes (`GET /api/posts?search=`), which the search module answers. */
export interface NoteSearch {
  /** `abandoned` says whether the client has hung up: a search still in line is then not run. */
  posts(query: PostListQuery, viewer: Viewer | null, abandoned?: () => boolean): Promise<CardList>;
}

export function createPostService(deps: {
  posts: PostRepository;
  /**
   * Where a note page's row is read: off the thread that answers requests where it can be, a
   * turn's pages in one query.
   */
  notePages: NotePageReads;
  presenter: PostPresenter;
  categories: CategoryCatalog;
  reactions: Record<ReactionKind, ReactionRepository>;
  /**
   * Where the lists a page shows are read (cards, an author's notes, a reader's likes and
   * favorites): off the thread that answers requests where it can be. On it, a page of 20 cards
   * held that thread 2-4 ms at 100,000 notes, and an offset into a long list more.
   */
  lists: {
    posts: Pick<
      PostRepository,
      'cardsByIds' | 'listByAuthor' | 'countByAuthor' | 'pinnedPostOf' | 'findById' | 'totalLikes'
    >;
    reactions: Record<ReactionKind, Pick<ReactionRepository, 'postIdsOf' | 'countOf'>>;
  };
  uploads: UploadService;
  events: DomainEventBus;
  caches: NoteCaches;
  writer: NoteWriter;
  feeds: FeedService;
  search: NoteSearch;
}) {
  const { posts, presenter, categories, reactions, uploads, events, caches, writer } = deps;
  const { feeds, search, notePages, lists } = deps;

  async function visibleRow(id: number, viewer: Viewer | null): Promise<PostRow> {
    const row = await posts.findById(id);
    if (!row || !isVisible(row, viewer)) throw notFound(errorText.postNotFound);
    return row;
  }

  async function ownRow(id: number, viewer: Viewer, deleting = false): Promise<PostRow> {
    const row = await visibleRow(id, viewer);
    const allowed = row.author_id === viewer.id || (deleting && viewer.isAdmin);
    if (!allowed) {
      throw forbidden(deleting ? errorText.notPostAuthorDelete : errorText.notPostAuthor);
    }
    return row;
  }

  async function categoryIdOf(raw: string): Promise<number> {
    const category = await categories.byId(Number(raw));
    if (!category) throw badRequest(errorText.categoryInvalid);
    return category.id;
  }

  async function list(
    rows: PostCardRow[],
    total: number,
    window: PageWindow,
    viewer: Viewer | null,
  ): Promise<PostList> {
    return {
      posts: await presenter.cards(rows, viewer),
      total,
      page: window.page,
      pages: pageCount(total, window.limit),
    };
  }

  async function react(kind: ReactionKind, viewer: Viewer, id: number, want: ReactionWant) {
    const row = await visibleRow(id, viewer);
    const result = await reactions[kind].set(viewer.id, row.id, want);
    // A mark that was already as wanted notifies nobody again.
    if (!result.changed) return result;
    // Cards show the counts: this note's is read again, the others stay.
    caches.cards.delete(String(row.id));
    const event = { postId: row.id, authorId: row.author_id, userId: viewer.id };
    if (kind === 'likes') {
      await events.emit(result.on ? 'post.liked' : 'post.unliked', event);
    } else {
      await events.emit(result.on ? 'post.favorited' : 'post.unfavorited', event);
    }
    return result;
  }

  /** Cards of these ids that the viewer may still see (a liked note may since have been hidden). */
  async function visibleCards(ids: number[], viewer: Viewer | null): Promise<PostCard[]> {
    const { rows, authors } = await lists.posts.cardsByIds(ids);
    return presenter.cards(
      rows.filter((row) => isVisible(row, viewer)),
      viewer,
      authors,
    );
  }

  return {
    async get(id: number, viewer: Viewer | null): Promise<Post> {
      const found = await notePages.findWithAuthor(id);
      if (!found || !isVisible(found.row, viewer)) throw notFound(errorText.postNotFound);
      return presenter.full(found.row, viewer, found.author);
    },

    /**
     * The home feed, or a search when `search` is present (not run when `abandoned()` says its
     * client has hung up by its turn).
     */
    async feed(
      query: PostListQuery,
      viewer: Viewer | null,
      abandoned?: () => boolean,
    ): Promise<CardList> {
      if (query.search !== undefined) return search.posts(query, viewer, abandoned);
      return feeds.page(query, viewer);
    },

    /** The caller's notes in every status (or one), newest first. */
    async mine(viewer: Viewer, query: MyPostsQuery): Promise<PostList> {
      const window = pageWindow(query);
      const statuses = query.status ? [query.status] : ALL_STATUSES;
      const [rows, total] = await Promise.all([
        lists.posts.listByAuthor({ authorId: viewer.id, statuses, ...window }),
        lists.posts.countByAuthor(viewer.id, statuses),
      ]);
      return list(rows, total, window, viewer);
    },

    /** A profile's published notes, the pinned one first. */
    async byAuthor(
      authorId: number,
      query: { page?: number; limit?: number },
      viewer: Viewer | null,
    ): Promise<PostList> {
      const window = pageWindow(query);
      const author = await lists.posts.pinnedPostOf(authorId);
      if (!author) throw notFound(errorText.userNotFound);
      const pinned = author.pinned ? await lists.posts.findById(author.pinned) : undefined;
      const lead = pinned?.status === 'approved' && pinned.author_id === authorId ? pinned : null;
      const statuses: PostStatus[] = ['approved'];
      const total = await lists.posts.countByAuthor(authorId, statuses);
      // The list reads as [pinned, ...the rest]: page 1 has room for one note less.
      const leadHere = lead !== null && window.offset === 0;
      const rows = await lists.posts.listByAuthor({
        authorId,
        statuses,
        except: lead?.id ?? null,
        limit: leadHere ? window.limit - 1 : window.limit,
        offset: lead && !leadHere ? window.offset - 1 : window.offset,
      });
      return list(leadHere ? [lead, ...rows] : rows, total, window, viewer);
    },

    /** The note, its images and its search-index row are written together or not at all. */
    async create(viewer: Viewer, body: CreatePostBody): Promise<Post> {
      const categoryId = await categoryIdOf(body.categoryId);
      const now = Date.now();
      const row = await writer.inTransaction(async (tx) => {
        const images = await tx.uploads.resolveImages(
          (body.images ?? []).map((image) => image.url),
          viewer.id,
        );
        const cover = images[0] ?? null;
        const inserted = await tx.posts.insert({
          author_id: viewer.id,
          title: body.title.trim(),
          content: body.content,
          excerpt: excerptOf(freeTextOf(body.content, toCents(body.price ?? 0))),
          category_id: categoryId,
          tags: JSON.stringify(cleanTags(body.tags)),
          images: JSON.stringify(images),
          cover_url: cover?.url ?? null,
          cover_width: cover?.width ?? null,
          cover_height: cover?.height ?? null,
          status: viewer.isAdmin ? 'approved' : 'pending',
          reject_reason: null,
          price_cents: toCents(body.price ?? 0),
          created_at: now,
          updated_at: now,
          published_at: viewer.isAdmin ? now : null,
        });
        await tx.uploads.attachToPost(
          images.map((image) => image.url),
          inserted.id,
        );
        await writer.sync(inserted, tx);
        recordWritten(inserted.id);
        return inserted;
      });
      writer.clearCaches(row.id);
      await events.emit('post.created', {
        postId: row.id,
        authorId: viewer.id,
        status: row.status,
      });
      return presenter.full(row, viewer);
    },

    async update(viewer: Viewer, id: number, body: UpdatePostBody): Promise<Post> {
      const row = await ownRow(id, viewer);
      const changes: PostChanges = { updated_at: Date.now() };
      if (body.title !== undefined) changes.title = body.title.trim();
      if (body.content !== undefined) changes.content = body.content;
      if (body.categoryId !== undefined) changes.category_id = await categoryIdOf(body.categoryId);
      if (body.tags !== undefined) changes.tags = JSON.stringify(cleanTags(body.tags));
      if (body.price !== undefined) changes.price_cents = toCents(body.price);
      // A paid note's card shows no more than its free preview.
      if (body.content !== undefined || body.price !== undefined) {
        changes.excerpt = excerptOf(
          freeTextOf(changes.content ?? row.content, changes.price_cents ?? row.price_cents),
        );
      }
      // What readers see changes, so it is reviewed again (admins publish directly).
      if (viewer.isAdmin) {
        changes.status = 'approved';
        changes.reject_reason = null;
        changes.published_at = row.published_at ?? changes.updated_at;
      } else {
        changes.status = 'pending';
        changes.reject_reason = null;
      }
      const updated = await writer.inTransaction(async (tx) => {
        if (body.images !== undefined) {
          const images = await tx.uploads.resolveImages(
            body.images.map((image) => image.url),
            viewer.id,
          );
          changes.images = JSON.stringify(images);
          changes.cover_url = images[0]?.url ?? null;
          changes.cover_width = images[0]?.width ?? null;
          changes.cover_height = images[0]?.height ?? null;
          await tx.uploads.attachToPost(
            images.map((image) => image.url),
            row.id,
          );
        }
        const written = await tx.posts.update(row.id, changes);
        if (!written) throw notFound(errorText.postNotFound);
        await writer.sync(written, tx);
        recordWritten(written.id);
        return written;
      });
      writer.clearCaches(updated.id);
      await events.emit('post.updated', {
        postId: updated.id,
        authorId: updated.author_id,
        status: updated.status,
      });
      return presenter.full(updated, viewer);
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      const row = await ownRow(id, viewer, true);
      await writer.inTransaction(async (tx) => {
        await tx.posts.delete(row.id);
        await tx.posts.unpin(row.author_id, row.id);
        await writer.forget(row.id, tx);
      });
      writer.clearCaches(row.id);
      // Files go only once the note's removal is committed: a rolled-back delete keeps them.
      await uploads.releasePostImages(row.author_id, row.images);
      await events.emit('post.deleted', { postId: row.id, authorId: row.author_id });
    },

    async like(viewer: Viewer, id: number, want: ReactionWant = 'toggle'): Promise<LikeResult> {
      const { on, count } = await react('likes', viewer, id, want);
      return { liked: on, likesCount: count };
    },

    async favorite(
      viewer: Viewer,
      id: number,
      want: ReactionWant = 'toggle',
    ): Promise<FavoriteResult> {
      const { on, count } = await react('favorites', viewer, id, want);
      return { favorited: on, favoritesCount: count };
    },

    async favorites(
      viewer: Viewer,
      query: { page?: number; limit?: number },
    ): Promise<FavoriteList> {
      const window = pageWindow(query);
      const [ids, total] = await Promise.all([
        lists.reactions.favorites.postIdsOf(viewer.id, window),
        lists.reactions.favorites.countOf(viewer.id),
      ]);
      return {
        favorites: await visibleCards(ids, viewer),
        total,
        page: window.page,
        pages: pageCount(total, window.limit),
      };
    },

    async likedBy(
      userId: number,
      query: { page?: number; limit?: number },
      viewer: Viewer | null,
    ): Promise<PostCard[]> {
      const ids = await lists.reactions.likes.postIdsOf(userId, pageWindow(query));
      return visibleCards(ids, viewer);
    },

    totalLikes(userId: number): Promise<number> {
      return lists.posts.totalLikes(userId);
    },
  };
}

export type PostService = ReturnType<typeof createPostService>;
