import { Type } from 'typebox';
import type { Static } from 'typebox';
import { errorText } from './messages.ts';
import { Pagination } from './common.ts';
import { Post, PostAuthor } from './post.ts';

/**
 * `GET /api/posts/admin/pending?page=&limit=&status=`: notes to review, with their full text
 * (default status pending, oldest first; limit 10).
 */
export const PendingQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  status: Type.Optional(
    Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')], {
      errorMessage: errorText.statusInvalid,
    }),
  ),
});
export type PendingQuery = Static<typeof PendingQuery>;

export const PendingList = Type.Object({
  posts: Type.Array(Post),
  ...Pagination,
  /** Sensitive words found in each note (by note id); notes without any are left out. */
  flaggedWords: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});
export type PendingList = Static<typeof PendingList>;

export const REJECT_REASON_MAX = 200;

/** `POST /api/posts/admin/{id}/review`: a reason is required to reject. Answers the `Post`. */
export const ReviewBody = Type.Object(
  {
    status: Type.Union([Type.Literal('approved'), Type.Literal('rejected')], {
      errorMessage: errorText.reviewStatusInvalid,
    }),
    reason: Type.Optional(
      Type.Union([Type.String({ maxLength: REJECT_REASON_MAX }), Type.Null()], {
        errorMessage: errorText.rejectReasonTooLong,
      }),
    ),
  },
  { errorMessage: { required: { status: errorText.reviewStatusInvalid } } },
);
export type ReviewBody = Static<typeof ReviewBody>;

/** `POST /api/posts/admin/{id}/category`. Answers the `Post`. */
export const ChangeCategoryBody = Type.Object(
  {
    categoryId: Type.String({
      pattern: '^[1-9][0-9]{0,15}$',
      errorMessage: errorText.categoryInvalid,
    }),
  },
  { errorMessage: { required: { categoryId: errorText.categoryInvalid } } },
);
export type ChangeCategoryBody = Static<typeof ChangeCategoryBody>;

/** `GET /api/posts/stats` (admin). */
export const PostStats = Type.Object({
  byStatus: Type.Object({
    pending: Type.Integer(),
    approved: Type.Integer(),
    rejected: Type.Integer(),
    total: Type.Integer(),
  }),
  /** Published notes per category, in the categories' order. */
  byCategory: Type.Array(
    Type.Object({
      _id: Type.String(),
      slug: Type.String(),
      name: Type.String(),
      count: Type.Integer(),
    }),
  ),
  /** Notes created per day over the last 30 days (UTC+8 days, `YYYY-MM-DD`), oldest first, zeros included. */
  perDay: Type.Array(Type.Object({ date: Type.String(), count: Type.Integer() })),
  /** Authors with the most published notes (at most 10). */
  topAuthors: Type.Array(
    Type.Object({ author: PostAuthor, posts: Type.Integer(), likes: Type.Integer() }),
  ),
});
export type PostStats = Static<typeof PostStats>;
