import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { PostStatus, PostSort } from '../../../contract/post.ts';
import { idsQuery } from '../../db/ids-query.ts';
import type { Database, PostsTable } from '../../db/schema.ts';
import type { FeedKey } from './feed-cursor.ts';
import type { AuthorRow } from './present-post.ts';

export type PostRow = Selectable<PostsTable>;
export type NewPostRow = Insertable<PostsTable>;
export type PostChanges = Updateable<PostsTable>;

/** A card's note with what the card shows of its author. */
export interface CardWithAuthor {
  row: PostCardRow;
  author: AuthorRow;
}

/** A whole note and what its card shows of its author. */
export interface NoteWithAuthor {
  row: PostRow;
  author: AuthorRow;
}

/** Everything a card shows: the body (up to 20 000 characters) stays on disk. */
export const CARD_COLUMNS = [
  'id',
  'author_id',
  'title',
  'excerpt',
  'category_id',
  'tags',
  'cover_url',
  'cover_width',
  'cover_height',
  'status',
  'reject_reason',
  'price_cents',
  'likes_count',
  'favorites_count',
  'comments_count',
  'created_at',
  'updated_at',
  'published_at',
] as const;
export type PostCardRow = Pick<PostRow, (typeof CARD_COLUMNS)[number]>;

export interface Window {
  limit: number;
  offset: number;
}

/** The column each feed order reads, newest key first. */
export const FEED_SORT_COLUMN = {
  recommended: 'rank_score',
  newest: 'published_at',
  popular: 'week_likes',
} as const satisfies Record<PostSort, keyof PostsTable>;

export interface FeedWindow extends Window {
  categoryId: number | null;
  sort: PostSort;
  /** Keyset: the page starts after this note (offset is then ignored). */
  after: FeedKey | null;
}

/** A feed row carries its sort keys so the page can end with a cursor. */
export type FeedRow = PostCardRow & Pick<PostRow, 'rank_score' | 'week_likes'>;

/** Cards read by id, and their authors by id (`PostPresenter.publicCards`' `known`). */
export interface CardsRead {
  rows: PostCardRow[];
  authors: Map<number, AuthorRow>;
}

/** What a card shows of its author, selected beside a note by the users primary key. */
const AUTHOR_COLUMNS = [
  'users.username as author_username',
  'users.avatar as author_avatar',
  'users.premium_end_at as author_premium_end_at',
  'users.pinned_post_id as author_pinned_post_id',
] as const;

type WithAuthor<Row> = Row & {
  author_id: number;
  author_username: string;
  author_avatar: string | null;
  author_premium_end_at: number | null;
  author_pinned_post_id: number | null;
};

/** A row selected with `AUTHOR_COLUMNS`, split into the note and its author. */
function splitAuthor<Row>(found: WithAuthor<Row>): { row: Row; author: AuthorRow } {
  const {
    author_username: username,
    author_avatar: avatar,
    author_premium_end_at: premium_end_at,
    author_pinned_post_id: pinned_post_id,
    ...row
  } = found;
  return {
    row: row as Row,
    author: { id: found.author_id, username, avatar, premium_end_at, pinned_post_id },
  };
}

/** Rows in the order of `ids` (for lists whose order was decided elsewhere: search, likes). */
function inOrder<T extends { id: number }>(rows: T[], ids: number[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
}

export function createPostRepository(db: Kysely<Database>) {
  /** Notes by id with what a card shows of their authors; the caller adds the notes' columns. */
  const withAuthors = (from: Kysely<Database>, ids: readonly number[]) =>
    from
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .select(AUTHOR_COLUMNS)
      .where('posts.id', 'in', ids);
  const cardsWithAuthors = idsQuery(db, (from, ids) =>
    withAuthors(from, ids).select(CARD_COLUMNS.map((column) => `posts.${column}` as const)),
  );
  const notesWithAuthors = idsQuery(db, (from, ids) => withAuthors(from, ids).selectAll('posts'));
  return {
    insert(values: NewPostRow): Promise<PostRow> {
      return db.insertInto('posts').values(values).returningAll().executeTakeFirstOrThrow();
    },

    findById(id: number): Promise<PostRow | undefined> {
      return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Notes with what their cards show of their authors, in one query by both primary keys (a
     * note page read twice as many rows from PostgreSQL as it needed to), in no set order; none
     * for a note whose author is gone.
     */
    async findWithAuthors(ids: readonly number[]): Promise<NoteWithAuthor[]> {
      return (await notesWithAuthors(ids)).map(splitAuthor);
    },

    /** The same for cards: their columns and their authors', in no set order. */
    async findCardsWithAuthors(ids: readonly number[]): Promise<CardWithAuthor[]> {
      return (await cardsWithAuthors(ids)).map(splitAuthor);
    },

    update(id: number, changes: PostChanges): Promise<PostRow | undefined> {
      return db
        .updateTable('posts')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('posts').where('id', '=', id).execute();
    },

    /**
     * A page of the published feed in `sort`'s order (indexes posts_feed_*): after `after`
     * when given (keyset), else from `offset`.
     */
    listFeed(options: FeedWindow): Promise<FeedRow[]> {
      const column = FEED_SORT_COLUMN[options.sort];
      let query = db
        .selectFrom('posts')
        .select([...CARD_COLUMNS, 'rank_score', 'week_likes'])
        .where('status', '=', 'approved');
      if (options.categoryId !== null) query = query.where('category_id', '=', options.categoryId);
      // Only the week's notes have week_likes (feed-rank.ts): the partial index serves.
      if (options.sort === 'popular') query = query.where('week_likes', 'is not', null);
      if (options.after) {
        const { value, id } = options.after;
        query = query.where((eb) => eb(eb.refTuple(column, 'id'), '<', eb.tuple(value, id)));
      }
      query = query.orderBy(column, 'desc').orderBy('id', 'desc').limit(options.limit);
      return options.after ? query.execute() : query.offset(options.offset).execute();
    },

    /** How many notes a feed holds (cached by the caller: never counted per page). */
    async countFeed(options: Pick<FeedWindow, 'categoryId' | 'sort'>): Promise<number> {
      let query = db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'approved');
      if (options.categoryId !== null) query = query.where('category_id', '=', options.categoryId);
      if (options.sort === 'popular') query = query.where('week_likes', 'is not', null);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    /** One author's notes, newest first (index posts_author); `except` leaves out a pinned note. */
    listByAuthor(
      options: { authorId: number; statuses: PostStatus[]; except?: number | null } & Window,
    ): Promise<PostCardRow[]> {
      let query = db
        .selectFrom('posts')
        .select(CARD_COLUMNS)
        .where('author_id', '=', options.authorId)
        .where('status', 'in', options.statuses);
      if (options.except) query = query.where('id', '!=', options.except);
      return query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.limit)
        .offset(options.offset)
        .execute();
    },

    async countByAuthor(authorId: number, statuses: PostStatus[]): Promise<number> {
      const row = await db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('author_id', '=', authorId)
        .where('status', 'in', statuses)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The moderation queue, oldest first so nothing waits forever (index posts_pending). */
    listByStatus(status: PostStatus, window: Window): Promise<PostRow[]> {
      return db
        .selectFrom('posts')
        .selectAll()
        .where('status', '=', status)
        .orderBy('created_at', status === 'pending' ? 'asc' : 'desc')
        .orderBy('id', status === 'pending' ? 'asc' : 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
    },

    async countByStatus(status: PostStatus): Promise<number> {
      const row = await db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', status)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * The cards of `ids` in their order, with their authors read in the same query (search
     * pages asked for them in a second one, on the thread that answers requests); notes whose
     * author is gone are left out, as the presenter would.
     */
    async cardsByIds(ids: number[]): Promise<CardsRead> {
      if (ids.length === 0) return { rows: [], authors: new Map() };
      const found = await cardsWithAuthors(ids);
      const split = found.map(splitAuthor);
      return {
        rows: inOrder(
          split.map((each) => each.row),
          ids,
        ),
        authors: new Map(split.map((each) => [each.author.id, each.author])),
      };
    },

    /**
     * A page of the published notes for the sitemap, newest first, after `after` (keyset on
     * posts_feed_newest, as the feed's cursor).
     */
    listSitemap(
      after: FeedKey | null,
      limit: number,
    ): Promise<{ id: number; updated_at: number; published_at: number | null }[]> {
      let query = db
        .selectFrom('posts')
        .select(['id', 'updated_at', 'published_at'])
        .where('status', '=', 'approved');
      if (after) {
        const { value, id } = after;
        query = query.where((eb) =>
          eb(eb.refTuple('published_at', 'id'), '<', eb.tuple(value, id)),
        );
      }
      return query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** The author's pinned note id; undefined when there is no such user. */
    async pinnedPostOf(authorId: number): Promise<{ pinned: number | null } | undefined> {
      const row = await db
        .selectFrom('users')
        .select('pinned_post_id')
        .where('id', '=', authorId)
        .executeTakeFirst();
      return row && { pinned: row.pinned_post_id };
    },

    /** users.pinned_post_id has no foreign key: a deleted note's pin is cleared here. */
    async unpin(authorId: number, postId: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ pinned_post_id: null })
        .where('id', '=', authorId)
        .where('pinned_post_id', '=', postId)
        .execute();
    },

    /** Likes received on an author's published notes. */
    async totalLikes(authorId: number): Promise<number> {
      const row = await db
        .selectFrom('posts')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('likes_count'), eb.lit(0)).as('n'))
        .where('author_id', '=', authorId)
        .where('status', '=', 'approved')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type PostRepository = ReturnType<typeof createPostRepository>;
