import { errorText } from '../../../contract/messages';
import type { ImageRef, Post } from '../../../contract/post';
import { ApiError, api } from '../../lib/api/client';
import { isTransientStatus } from '../../lib/outbox';
import type { OutboxTransport } from '../../lib/outbox';

/**
 * Sends the outbox from the page through the fetch wrapper (the signed-in token, request ids).
 * The wrapper's own retries are off: the outbox decides when to try again.
 */
export const pageTransport: OutboxTransport = {
  uploadImage(_item, blob, name) {
    const form = new FormData();
    form.append('image', blob, name);
    return api.upload<ImageRef>('/api/posts/upload', form);
  },
  createPost(item, body) {
    return api.post<Post>('/api/posts', body, {
      headers: { 'idempotency-key': item.idempotencyKey },
      retries: 0,
    });
  },
  saveDraft(_item, body) {
    return api.post('/api/drafts', body, { retries: 0 });
  },
  judge(error) {
    if (error instanceof ApiError) {
      if (error.status === 401) return { transient: false, message: errorText.sessionExpired };
      return { transient: isTransientStatus(error.status), message: error.message };
    }
    return { transient: true, message: errorText.networkLost };
  },
};
