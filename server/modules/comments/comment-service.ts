import type {
  Comment,
  CommentList,
  CommentReply,
  CreateCommentBody,
} from '../../../contract/comment.ts';
import { errorText } from '../../../contract/messages.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { toApiId } from '../../lib/ids.ts';
import { pageCount, pageWindow } from '../../lib/pagination.ts';
import type { Viewer } from '../users/viewer.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DomainEventBus } from '../../plugins/domain-events.ts';
import type { NoteCaches } from '../posts/note-caches.ts';
import type { PostRepository } from '../posts/post-repository.ts';
import { isVisible } from '../posts/post-service.ts';
import { loadAuthors, presentAuthor } from '../posts/present-post.ts';
import type { AuthorRow } from '../posts/present-post.ts';
import type { CommentRepository, CommentRow } from './comment-repository.ts';

function presentReply(row: CommentRow, authors: Map<number, AuthorRow>): CommentReply | null {
  const author = authors.get(row.author_id);
  if (!author) return null;
  const replyTo = row.reply_to_user_id === null ? undefined : authors.get(row.reply_to_user_id);
  return {
    _id: toApiId(row.id),
    id: toApiId(row.id),
    postId: toApiId(row.post_id),
    content: row.content,
    author: presentAuthor(author),
    parentId: row.parent_id === null ? null : toApiId(row.parent_id),
    replyTo: replyTo ? { _id: toApiId(replyTo.id), username: replyTo.username } : null,
    createdAt: new Date(row.created_at).toISOString(),
    // Only the author is ever sent a hidden comment (the repository filters it for others).
    ...(row.hidden_reason === null ? {} : { hiddenReason: row.hidden_reason }),
  };
}

export function createCommentService(deps: {
  /** For the authors' rows (`loadAuthors`). */
  db: Kysely<Database>;
  comments: CommentRepository;
  posts: PostRepository;
  /**
   * Where a note's comments are listed from: off the thread that answers requests where it can
   * be (the foreground read thread on SQLite).
   */
  lists: {
    comments: Pick<CommentRepository, 'listTopLevel' | 'countTopLevel' | 'repliesTo'>;
    posts: Pick<PostRepository, 'findById'>;
  };
  events: DomainEventBus;
  caches: Pick<NoteCaches, 'cards'>;
}) {
  const { db, comments, posts, lists, events, caches } = deps;

  async function visiblePost(
    postId: number,
    viewer: Viewer | null,
    from: Pick<PostRepository, 'findById'> = posts,
  ) {
    const post = await from.findById(postId);
    if (!post || !isVisible(post, viewer)) throw notFound(errorText.postNotFound);
    return post;
  }

  async function present(rows: CommentRow[], replies: CommentRow[]): Promise<Comment[]> {
    const people = [...rows, ...replies].flatMap((row) =>
      row.reply_to_user_id === null ? [row.author_id] : [row.author_id, row.reply_to_user_id],
    );
    const authors = await loadAuthors(db, people);
    return rows.flatMap((row) => {
      const comment = presentReply(row, authors);
      if (!comment) return [];
      const own = replies.filter((reply) => reply.parent_id === row.id);
      return [
        {
          ...comment,
          replies: own
            .map((reply) => presentReply(reply, authors))
            .filter((reply): reply is CommentReply => reply !== null),
        },
      ];
    });
  }

  return {
    async list(
      postId: number,
      query: { page?: number; limit?: number },
      viewer: Viewer | null,
    ): Promise<CommentList> {
      await visiblePost(postId, viewer, lists.posts);
      const window = pageWindow(query);
      const viewerId = viewer?.id ?? null;
      const [rows, total] = await Promise.all([
        lists.comments.listTopLevel(postId, window, viewerId),
        lists.comments.countTopLevel(postId, viewerId),
      ]);
      const replies = await lists.comments.repliesTo(
        rows.map((row) => row.id),
        viewerId,
      );
      return {
        comments: await present(rows, replies),
        total,
        page: window.page,
        pages: pageCount(total, window.limit),
      };
    },

    async create(viewer: Viewer, postId: number, body: CreateCommentBody): Promise<Comment> {
      const post = await visiblePost(postId, viewer);
      let parent: CommentRow | undefined;
      if (body.parentId) {
        parent = await comments.findById(Number(body.parentId));
        if (!parent || parent.post_id !== post.id) {
          throw badRequest(errorText.commentParentInvalid);
        }
      }
      const row = await comments.add({
        post_id: post.id,
        author_id: viewer.id,
        // Replies stay one level deep: a reply to a reply joins its top-level thread.
        parent_id: parent ? (parent.parent_id ?? parent.id) : null,
        reply_to_user_id: parent ? parent.author_id : null,
        content: body.content.trim(),
        created_at: Date.now(),
        deleted_at: null,
      });
      caches.cards.delete(String(post.id));
      await events.emit('comment.created', {
        commentId: row.id,
        postId: post.id,
        postAuthorId: post.author_id,
        userId: viewer.id,
        replyToUserId: row.reply_to_user_id,
      });
      const [comment] = await present([row], []);
      return comment;
    },

    /** By the comment's author, the note's author or an admin. */
    async remove(viewer: Viewer, commentId: number): Promise<number> {
      const comment = await comments.findById(commentId);
      if (!comment) throw notFound(errorText.commentNotFound);
      const post = await posts.findById(comment.post_id);
      const allowed =
        comment.author_id === viewer.id || post?.author_id === viewer.id || viewer.isAdmin;
      if (!allowed) throw forbidden(errorText.notCommentAuthor);
      const commentsCount = await comments.remove(comment);
      caches.cards.delete(String(comment.post_id));
      await events.emit('comment.deleted', {
        commentId: comment.id,
        postId: comment.post_id,
      });
      return commentsCount;
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
