import { Type } from 'typebox';
import type { Static } from 'typebox';
import { Pagination } from './common.ts';
import { errorText } from './messages.ts';
import { PostAuthor } from './post.ts';
import { POST_LIMITS } from './post-rules.ts';

const commentFields = {
  _id: Type.String(),
  id: Type.String(),
  postId: Type.String(),
  content: Type.String(),
  author: PostAuthor,
  /** The top-level comment this one answers; null for a top-level comment. */
  parentId: Type.Union([Type.String(), Type.Null()]),
  /** Whom a reply answers (the author of the comment replied to); null on top-level comments. */
  replyTo: Type.Union([Type.Object({ _id: Type.String(), username: Type.String() }), Type.Null()]),
  /** ISO 8601. */
  createdAt: Type.String(),
  /** Set only for its author when an admin hid the comment after a report: why it was hidden. */
  hiddenReason: Type.Optional(Type.String()),
};

/** A reply: replies are one level deep, so a reply has no replies of its own. */
export const CommentReply = Type.Object(commentFields);
export type CommentReply = Static<typeof CommentReply>;

/** A top-level comment with its replies (oldest first). */
export const Comment = Type.Object({
  ...commentFields,
  replies: Type.Optional(Type.Array(CommentReply)),
});
export type Comment = Static<typeof Comment>;

/**
 * `GET /api/posts/{id}/comments?page=&limit=`: top-level comments, newest first, each with
 * its replies; `total` counts top-level comments (the note's `commentsCount` counts all).
 */
export const CommentList = Type.Object({ comments: Type.Array(Comment), ...Pagination });
export type CommentList = Static<typeof CommentList>;

/**
 * `POST /api/posts/{id}/comments`. With `parentId` it is a reply; a reply to a reply is
 * attached to the top-level comment, with `replyTo` naming the person answered.
 * Answers the new comment (201).
 */
export const CreateCommentBody = Type.Object(
  {
    content: Type.String({
      pattern: '\\S',
      maxLength: POST_LIMITS.commentMax,
      errorMessage: {
        type: errorText.commentRequired,
        pattern: errorText.commentRequired,
        maxLength: errorText.commentTooLong,
      },
    }),
    parentId: Type.Optional(
      Type.Union([Type.String({ pattern: '^[1-9][0-9]{0,15}$' }), Type.Null()], {
        errorMessage: errorText.commentParentInvalid,
      }),
    ),
  },
  { errorMessage: { required: { content: errorText.commentRequired } } },
);
export type CreateCommentBody = Static<typeof CreateCommentBody>;

/** `DELETE /api/comments/{id}`: by its author, the note's author or an admin. */
export const DeleteCommentResult = Type.Object({
  success: Type.Boolean(),
  /** The note's comment count after the delete (a top-level comment takes its replies along). */
  commentsCount: Type.Integer(),
});
export type DeleteCommentResult = Static<typeof DeleteCommentResult>;
