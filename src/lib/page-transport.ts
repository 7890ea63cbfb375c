import type { SaveDraftResult } from '../../contract/draft';
import { errorText } from '../../contract/page-messages';
import type { ImageRef, Post } from '../../contract/post';
import { ApiError, api } from './api/client';
import { isTransientStatus } from '../../shared/offline/outbox';
import type { OutboxItem, OutboxTransport } from '../../shared/offline/outbox';
import { localDrafts } from '../../shared/offline/local-drafts';

/** Every attempt carries the item's key, so the server answers a replay with its first answer. */
const once = (item: OutboxItem) => ({ idempotencyKey: item.idempotencyKey, retries: 0 });

/**
 * Sends the outbox from the page through the fetch wrapper (the signed-in token, request ids).
 * The wrapper's own retries are off: the outbox decides when to try again.
 */
export const pageTransport: OutboxTransport = {
  uploadImage(_item, blob, name, key) {
    const form = new FormData();
    form.append('image', blob, name);
    return api.upload<ImageRef>('/api/posts/upload', form, { idempotencyKey: key });
  },
  createPost(item, body) {
    return api.post<Post>('/api/posts', body, once(item));
  },
  updatePost(item, postId, body) {
    return api.put<Post>(`/api/posts/${encodeURIComponent(postId)}`, body, once(item));
  },
  async saveDraft(item, body) {
    const result = await api.post<SaveDraftResult>('/api/drafts', body, once(item));
    await localDrafts.recordSaved(item.ownerId, body.clientId, body.editedAt, result);
    return result;
  },
  judge(error) {
    if (error instanceof ApiError) {
      if (error.status === 401) return { transient: false, message: errorText.sessionExpired };
      return { transient: isTransientStatus(error.status), message: error.message };
    }
    return { transient: true, message: errorText.networkLost };
  },
};
