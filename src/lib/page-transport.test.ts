import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SaveDraftBody, SaveDraftResult } from '../../contract/draft';
import { ApiError } from './api/client';
import type { OutboxItem } from '../../shared/offline/outbox';
import { EMPTY_DRAFT_DATA } from '../../shared/offline/draft-copy';
import { localDrafts } from '../../shared/offline/local-drafts';
import { pageTransport } from './page-transport';

const item = {
  id: 'i1',
  kind: 'update',
  postId: '42',
  idempotencyKey: 'key-1',
  body: { title: '新标题', content: '正文', categoryId: '1' },
  images: [],
  ownerId: 'u1',
  authorization: null,
  status: 'sending',
  error: null,
  attempts: 0,
  createdAt: 1,
  updatedAt: 1,
} as OutboxItem;

function answer(status: number, body: unknown) {
  const send = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', send);
  return send;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await localDrafts.remove('d1');
});

describe('pageTransport', () => {
  it('sends a change of a note once, with PUT to its id and the key', async () => {
    const send = answer(403, { error: '只能修改自己的笔记' });
    const failure = await pageTransport
      .updatePost(item, '42', { title: '新标题' })
      .catch((error: unknown) => error);
    expect(send).toHaveBeenCalledTimes(1);
    const [url, init] = send.mock.calls[0];
    expect(url).toBe('/api/posts/42');
    expect(init?.method).toBe('PUT');
    expect(new Headers(init?.headers).get('idempotency-key')).toBe('key-1');
    expect(pageTransport.judge(failure)).toEqual({
      transient: false,
      message: '只能修改自己的笔记',
    });
  });

  it('saves a draft and makes the copy the server kept the browser copy’s base', async () => {
    const body: SaveDraftBody = {
      clientId: 'd1',
      title: '草稿',
      data: EMPTY_DRAFT_DATA,
      editedAt: '2026-01-02T00:00:00.000Z',
      baseEditedAt: null,
    };
    await localDrafts.put('u1', { ...body, syncedEditedAt: null, versions: [] });
    const result: SaveDraftResult = {
      draft: { _id: '9', id: '9', ...body, updatedAt: body.editedAt },
      conflict: false,
      kept: 'incoming',
    };
    const send = answer(200, result);
    expect(await pageTransport.saveDraft(item, body)).toEqual(result);
    expect(send.mock.calls[0][0]).toBe('/api/drafts');
    expect((await localDrafts.get('u1', 'd1'))?.syncedEditedAt).toBe(body.editedAt);
  });
});

describe('pageTransport.judge', () => {
  it('waits out a missing network, timeouts and server faults', () => {
    expect(pageTransport.judge(new ApiError(0, '网络连接已断开，请检查网络后重试'))).toEqual({
      transient: true,
      message: '网络连接已断开，请检查网络后重试',
    });
    expect(pageTransport.judge(new ApiError(408, '请求超时，请稍后再试')).transient).toBe(true);
    expect(pageTransport.judge(new ApiError(502, '服务器内部错误')).transient).toBe(true);
  });

  it('shows a refusal as it is and asks to sign in again after a 401', () => {
    expect(pageTransport.judge(new ApiError(400, '请输入标题'))).toEqual({
      transient: false,
      message: '请输入标题',
    });
    expect(pageTransport.judge(new ApiError(401, 'x')).message).toBe('登录已过期，请重新登录');
  });
});
