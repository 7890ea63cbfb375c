import { Type } from 'typebox';
import type { Static } from 'typebox';
import { Pagination } from './common.ts';
import { errorText } from './messages.ts';
import { POST_LIMITS } from './post-rules.ts';
import { User } from './user.ts';

/**
 * Widths `/api/uploads/<name>?w=` serves; any other `w` is snapped up to the next one (or the
 * largest), so the variant cache stays small. `q` is 0.3–1 (or 30–100).
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1920] as const;

/** Moderation: 待审核, 已通过, 未通过. */
export const PostStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);
export type PostStatus = Static<typeof PostStatus>;

/** An image of a note, with the stored size so a card reserves its space before it loads. */
export const ImageRef = Type.Object({
  /** `/api/uploads/<name>`; add `?w=` and `?q=` for a resized variant. */
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type ImageRef = Static<typeof ImageRef>;

/** The author as shown on a card or note page. */
export const PostAuthor = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  username: Type.String(),
  /** URL or path; `/images/default_head.png` when the user has none. */
  avatar: Type.String(),
  isPremium: Type.Boolean(),
});
export type PostAuthor = Static<typeof PostAuthor>;

export const PostCategory = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
});
export type PostCategory = Static<typeof PostCategory>;

/** [start, end) offsets in UTF-16 code units of a plain-text string. */
export const TextRange = Type.Tuple([Type.Integer(), Type.Integer()]);
export type TextRange = Static<typeof TextRange>;

/** Where a search's words occur in a result's title and excerpt (search results only). */
export const SearchHighlights = Type.Object({
  title: Type.Array(TextRange),
  excerpt: Type.Array(TextRange),
});
export type SearchHighlights = Static<typeof SearchHighlights>;

const cardFields = {
  _id: Type.String(),
  id: Type.String(),
  title: Type.String(),
  /** Plain text, about 120 characters, Markdown stripped. */
  excerpt: Type.String(),
  /** The first image, or null for a text-only note. */
  cover: Type.Union([ImageRef, Type.Null()]),
  category: PostCategory,
  categoryId: Type.String(),
  tags: Type.Array(Type.String()),
  status: PostStatus,
  /** Set when an admin rejected the note; shown to its author. */
  rejectReason: Type.Union([Type.String(), Type.Null()]),
  author: PostAuthor,
  likesCount: Type.Integer(),
  favoritesCount: Type.Integer(),
  commentsCount: Type.Integer(),
  /** For the caller (false when signed out). */
  isLiked: Type.Boolean(),
  isFavorited: Type.Boolean(),
  /** This note is its author's pinned note. */
  isPinned: Type.Boolean(),
  /** Yuan; 0 = free. */
  price: Type.Number(),
  /** The caller bought this note (or is premium): the paid part is theirs. */
  isPaid: Type.Boolean(),
  /** The caller may read the whole note (free, own, bought, premium or admin). */
  canRead: Type.Boolean(),
  /** ISO 8601. */
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** When it was first approved; null while never published. */
  publishedAt: Type.Union([Type.String(), Type.Null()]),
  highlights: Type.Optional(SearchHighlights),
};

/** A note in a list (feed, search, profile, favorites): everything but the body. */
export const PostCard = Type.Object(cardFields);
export type PostCard = Static<typeof PostCard>;

/** One note (`GET /api/posts/{id}`). */
export const Post = Type.Object({
  ...cardFields,
  /** Markdown. When `canRead` is false this is only the free preview. */
  content: Type.String(),
  images: Type.Array(ImageRef),
});
export type Post = Static<typeof Post>;

/**
 * Every list of notes: SPEC.md's `{posts, total, page, pages}`. The feeds add `nextCursor`:
 * pass it as `cursor` for the page after this one (null: this is the last page).
 */
export const PostList = Type.Object({
  posts: Type.Array(PostCard),
  ...Pagination,
  nextCursor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type PostList = Static<typeof PostList>;

/**
 * recommended (综合): ranked by likes, favorites and comments decayed with age; newest (最新);
 * popular (最热): the most liked notes published in the last seven days.
 */
export const PostSort = Type.Union(
  [Type.Literal('recommended'), Type.Literal('newest'), Type.Literal('popular')],
  { errorMessage: errorText.sortInvalid },
);
export type PostSort = Static<typeof PostSort>;

/** An opaque `nextCursor` from the previous page of the same feed, sort and category. */
const Cursor = Type.String({ maxLength: 200, errorMessage: errorText.cursorInvalid });

/** `GET /api/posts/following-feed`: page/limit, or the cursor of the previous page. */
export const FeedPageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  cursor: Type.Optional(Cursor),
});
export type FeedPageQuery = Static<typeof FeedPageQuery>;

/**
 * `GET /api/posts`: the home feed and search, published notes only. `limit` defaults to 10
 * (20 with `search`) and is clamped to 100. `category` is a slug or an id. `sort` defaults to
 * newest. `cursor` (the feed, not search) continues after the page that gave it, whatever was
 * published since. A blank `search` answers `{posts: [], total: 0, page, pages: 0}`.
 */
export const PostListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  category: Type.Optional(Type.String({ maxLength: 32 })),
  sort: Type.Optional(PostSort),
  cursor: Type.Optional(Cursor),
  search: Type.Optional(Type.String()),
});
export type PostListQuery = Static<typeof PostListQuery>;

/** `GET /api/posts/user/me`: the caller's notes, every status unless `status` is given. */
export const MyPostsQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  status: Type.Optional(
    Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')], {
      errorMessage: errorText.statusInvalid,
    }),
  ),
});
export type MyPostsQuery = Static<typeof MyPostsQuery>;

const Title = Type.String({
  // At least one visible character: a title of spaces is no title.
  pattern: '\\S',
  maxLength: POST_LIMITS.titleMax,
  errorMessage: {
    type: errorText.titleRequired,
    pattern: errorText.titleRequired,
    maxLength: errorText.titleTooLong,
  },
});
const Content = Type.String({
  pattern: '\\S',
  maxLength: POST_LIMITS.contentMax,
  errorMessage: {
    type: errorText.contentRequired,
    pattern: errorText.contentRequired,
    maxLength: errorText.contentTooLong,
  },
});
const CategoryId = Type.String({
  pattern: '^[1-9][0-9]{0,15}$',
  errorMessage: errorText.categoryInvalid,
});
const Tags = Type.Array(Type.String({ minLength: 1, maxLength: POST_LIMITS.tagMax }), {
  maxItems: POST_LIMITS.tagsMax,
  errorMessage: errorText.tooManyTags,
});
/** An image of ours: the URL `POST /api/posts/upload` returned (size is taken from our record). */
export const ImageInput = Type.Object(
  {
    url: Type.String({
      pattern: '^/api/uploads/[A-Za-z0-9_-]{1,64}\\.(jpg|png|gif)$',
      errorMessage: errorText.imageInvalid,
    }),
    width: Type.Optional(Type.Integer({ errorMessage: errorText.imageInvalid })),
    height: Type.Optional(Type.Integer({ errorMessage: errorText.imageInvalid })),
  },
  { errorMessage: { required: errorText.imageInvalid, type: errorText.imageInvalid } },
);
const Images = Type.Array(ImageInput, {
  errorMessage: { maxItems: errorText.tooManyImages, type: errorText.imageInvalid },
  maxItems: POST_LIMITS.imagesMax,
});
const Price = Type.Number({
  minimum: 0,
  maximum: POST_LIMITS.priceMax,
  errorMessage: errorText.priceInvalid,
});

/**
 * `POST /api/posts`. A non-admin's note starts as `pending`; an admin's is approved at once.
 * Send an `Idempotency-Key` header (1–64 of A–Z a–z 0–9 _ -) so that a retried request
 * returns the first note instead of creating a second.
 */
export const CreatePostBody = Type.Object(
  {
    title: Title,
    content: Content,
    categoryId: CategoryId,
    tags: Type.Optional(Tags),
    images: Type.Optional(Images),
    price: Type.Optional(Price),
  },
  {
    errorMessage: {
      required: {
        title: errorText.titleRequired,
        content: errorText.contentRequired,
        categoryId: errorText.categoryInvalid,
      },
    },
  },
);
export type CreatePostBody = Static<typeof CreatePostBody>;

/** `PUT /api/posts/{id}` (author only): the fields to change. A non-admin's edit of a published note sends it back to review. */
export const UpdatePostBody = Type.Object({
  title: Type.Optional(Title),
  content: Type.Optional(Content),
  categoryId: Type.Optional(CategoryId),
  tags: Type.Optional(Tags),
  images: Type.Optional(Images),
  price: Type.Optional(Price),
});
export type UpdatePostBody = Static<typeof UpdatePostBody>;

/** `DELETE /api/posts/{id}` (author or admin). */
export const DeletePostResult = Type.Object({ success: Type.Boolean() });
export type DeletePostResult = Static<typeof DeletePostResult>;

/** `POST /api/posts/upload` (multipart, field `image`). */
export const UploadResult = ImageRef;
export type UploadResult = ImageRef;

/**
 * `POST /api/posts/{id}/like`: a toggle. SPEC.md's reply carried the whole `likes` array of
 * user ids; it grows without bound, so the reply is the new state and the count instead.
 */
export const LikeResult = Type.Object({ liked: Type.Boolean(), likesCount: Type.Integer() });
export type LikeResult = Static<typeof LikeResult>;

/** `POST /api/posts/{id}/favorite`: a toggle. */
export const FavoriteResult = Type.Object({
  favorited: Type.Boolean(),
  favoritesCount: Type.Integer(),
});
export type FavoriteResult = Static<typeof FavoriteResult>;

/** `GET /api/posts/favorites`: the caller's favorites, newest first (page/limit accepted). */
export const FavoriteList = Type.Object({ favorites: Type.Array(PostCard), ...Pagination });
export type FavoriteList = Static<typeof FavoriteList>;

/** `GET /api/posts/user/likes`, `GET /api/posts/user/{id}/likes`: likes received on published notes. */
export const TotalLikes = Type.Object({ totalLikes: Type.Integer() });
export type TotalLikes = Static<typeof TotalLikes>;

/** `GET /api/auth/users/{id}/liked-posts` answers `PostCard[]`, newest like first (page/limit accepted). */
export const LikedPosts = Type.Array(PostCard);
export type LikedPosts = Static<typeof LikedPosts>;

/** `GET /api/posts/sitemap`: published notes, newest first, at most 50 000. */
export const SitemapEntry = Type.Object({ _id: Type.String(), updatedAt: Type.String() });
export type SitemapEntry = Static<typeof SitemapEntry>;

/** `POST /api/users/pin-post`, `POST /api/users/unpin-post`. */
export const PinBody = Type.Object(
  { postId: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) },
  { errorMessage: errorText.postNotFound },
);
export type PinBody = Static<typeof PinBody>;
export const PinResult = Type.Object({
  success: Type.Boolean(),
  /** The caller's pinned note after the call. */
  pinnedPostId: Type.Union([Type.String(), Type.Null()]),
});
export type PinResult = Static<typeof PinResult>;

/** `GET /api/auth/users/search?query=`: users whose name contains the text (at most 20). */
export const UserSearchQuery = Type.Object({
  query: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
});
export type UserSearchQuery = Static<typeof UserSearchQuery>;
export const UserSearchResult = Type.Object({ users: Type.Array(User) });
export type UserSearchResult = Static<typeof UserSearchResult>;
