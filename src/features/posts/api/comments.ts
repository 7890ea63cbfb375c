import type {
  Comment,
  CommentList,
  CommentReply,
  CreateCommentBody,
  DeleteCommentResult,
} from '../../../../contract/comment';
import { api } from '../../../lib/api/client';

export const COMMENTS_PAGE_SIZE = 20;

export const getComments = (postId: string, page: number) =>
  api.get<CommentList>(`/api/posts/${encodeURIComponent(postId)}/comments`, {
    query: { page, limit: COMMENTS_PAGE_SIZE },
  });

export const createComment = (postId: string, body: CreateCommentBody) =>
  api.post<Comment | CommentReply>(`/api/posts/${encodeURIComponent(postId)}/comments`, body);

export const deleteComment = (commentId: string) =>
  api.delete<DeleteCommentResult>(`/api/comments/${encodeURIComponent(commentId)}`);
