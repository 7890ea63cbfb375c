import type { SaveDraftResult } from '../../contract/draft';
import { errorText } from '../../contract/page-messages';
import type { ImageRef } from '../../contract/post';
import { localDrafts } from '../../shared/offline/local-drafts';
import { isTransientStatus } from '../../shared/offline/outbox';
import type { FailureVerdict, OutboxItem, OutboxTransport } from '../../shared/offline/outbox';

/** An answer from the server that was not a success. */
export class OutboxHttpError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** How a failure of the worker's fetch reads in the outbox list. */
export function judgeWorkerFailure(error: unknown): FailureVerdict {
  if (error instanceof OutboxHttpError) {
    if (error.status === 401) return { transient: false, message: errorText.sessionExpired };
    return { transient: isTransientStatus(error.status), message: error.message };
  }
  // fetch rejects with a TypeError when the network is away.
  return { transient: true, message: errorText.networkLost };
}

async function errorOf(response: Response): Promise<string> {
  const data: unknown = await response.json().catch(() => null);
  if (data && typeof data === 'object' && 'error' in data && typeof data.error === 'string') {
    return data.error;
  }
  return errorText.requestFailed;
}

/**
 * Sends the outbox from the service worker (Background Sync), which cannot read the page's
 * localStorage: each item carries the bearer header it was written with.
 */
export function workerTransport(send: typeof fetch = fetch): OutboxTransport {
  async function call<T>(item: OutboxItem, path: string, init: RequestInit): Promise<T> {
    const headers = new Headers(init.headers);
    if (item.authorization) headers.set('authorization', item.authorization);
    const response = await send(path, { ...init, headers });
    if (!response.ok) throw new OutboxHttpError(response.status, await errorOf(response));
    return (await response.json()) as T;
  }

  /** A JSON write sent once per attempt under the item's idempotency key. */
  const write = (item: OutboxItem, method: string, body: unknown): RequestInit => ({
    method,
    headers: { 'content-type': 'application/json', 'idempotency-key': item.idempotencyKey },
    body: JSON.stringify(body),
  });

  return {
    uploadImage(item, blob, name, key) {
      const form = new FormData();
      form.append('image', blob, name);
      return call<ImageRef>(item, '/api/posts/upload', {
        method: 'POST',
        headers: { 'idempotency-key': key },
        body: form,
      });
    },
    createPost(item, body) {
      return call<{ id: string }>(item, '/api/posts', write(item, 'POST', body));
    },
    updatePost(item, postId, body) {
      return call(item, `/api/posts/${encodeURIComponent(postId)}`, write(item, 'PUT', body));
    },
    async saveDraft(item, body) {
      const result = await call<SaveDraftResult>(item, '/api/drafts', write(item, 'POST', body));
      await localDrafts.recordSaved(item.ownerId, body.clientId, body.editedAt, result);
      return result;
    },
    judge: judgeWorkerFailure,
  };
}
