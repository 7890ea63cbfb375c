import type { CreatePostBody, Post, UpdatePostBody } from '../../../../contract/post';
import { api } from '../../../lib/api/client';

/**
 * Publishes a note. The idempotency key is made once per publish attempt by the caller and
 * sent again on every retry, so a retried request can never create a second note.
 */
export const createPost = (body: CreatePostBody, idempotencyKey: string) =>
  api.post<Post>('/api/posts', body, { idempotencyKey });

export const updatePost = (id: string, body: UpdatePostBody) =>
  api.put<Post>(`/api/posts/${encodeURIComponent(id)}`, body);
