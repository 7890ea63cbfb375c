import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SaveDraftBody, SaveDraftResult } from '../../contract/draft';
import { EMPTY_DRAFT_DATA } from '../../shared/offline/draft-copy';
import { localDrafts } from '../../shared/offline/local-drafts';
import type { OutboxItem } from '../../shared/offline/outbox';
import { judgeWorkerFailure, OutboxHttpError, workerTransport } from './outbox-transport';

const item = {
  id: 'i1',
  kind: 'publish',
  idempotencyKey: 'key-1',
  body: { title: '标题', content: '正文', categoryId: '1' },
  images: [],
  ownerId: 'u1',
  authorization: 'Bearer abc',
  status: 'sending',
  error: null,
  attempts: 0,
  createdAt: 1,
  updatedAt: 1,
} as OutboxItem;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('workerTransport', () => {
  it('publishes with the stored token and the idempotency key', async () => {
    const send = vi.fn(async () => json({ id: '7' }));
    const post = await workerTransport(send).createPost(item, {
      title: '标题',
      content: '正文',
      categoryId: '1',
      images: [],
    });
    expect(post.id).toBe('7');
    const [path, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(path).toBe('/api/posts');
    expect(headers.get('authorization')).toBe('Bearer abc');
    expect(headers.get('idempotency-key')).toBe('key-1');
  });

  it('turns a refusal into an error carrying the server’s text', async () => {
    const send = vi.fn(async () => json({ error: '请选择有效的分类' }, 400));
    const failure = await workerTransport(send)
      .createPost(item, { title: 't', content: 'c', categoryId: '1' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OutboxHttpError);
    expect(judgeWorkerFailure(failure)).toEqual({ transient: false, message: '请选择有效的分类' });
  });
});

describe('workerTransport: changes and drafts', () => {
  afterEach(() => localDrafts.remove('d1'));

  it('sends a change of a note with PUT to its id, with the token and the key', async () => {
    const send = vi.fn(async () => json({ id: '42' }));
    await workerTransport(send).updatePost(item, '42', { title: '新标题', content: '正文' });
    const [path, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(path).toBe('/api/posts/42');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ title: '新标题', content: '正文' });
    expect(headers.get('authorization')).toBe('Bearer abc');
    expect(headers.get('idempotency-key')).toBe('key-1');
  });

  it('fails a change of a deleted note with the server’s text, for good', async () => {
    const send = vi.fn(async () => json({ error: '笔记不存在或已被删除' }, 404));
    const failure = await workerTransport(send)
      .updatePost(item, '42', { title: 't' })
      .catch((error: unknown) => error);
    expect(judgeWorkerFailure(failure)).toEqual({
      transient: false,
      message: '笔记不存在或已被删除',
    });
  });

  const body: SaveDraftBody = {
    clientId: 'd1',
    title: '草稿',
    data: EMPTY_DRAFT_DATA,
    editedAt: '2026-01-02T00:00:00.000Z',
    baseEditedAt: null,
  };
  const reply = (kept: SaveDraftResult['kept']): SaveDraftResult => ({
    draft: { _id: '9', id: '9', ...body, updatedAt: body.editedAt },
    conflict: kept === 'server',
    kept,
  });

  it.each([
    ['incoming', body.editedAt],
    ['server', null],
  ] as const)('saves a draft; kept %s, the browser copy’s base becomes %s', async (kept, base) => {
    await localDrafts.put('u1', { ...body, syncedEditedAt: null, versions: [] });
    const send = vi.fn(async () => json(reply(kept)));
    expect(await workerTransport(send).saveDraft(item, body)).toMatchObject({ kept });
    expect(send.mock.calls[0]).toEqual([
      '/api/drafts',
      expect.objectContaining({ method: 'POST' }),
    ]);
    expect((await localDrafts.get('u1', 'd1'))?.syncedEditedAt).toBe(base);
  });
});

describe('judgeWorkerFailure', () => {
  it('waits out the network, timeouts, rate limits and server faults', () => {
    expect(judgeWorkerFailure(new TypeError('Failed to fetch')).transient).toBe(true);
    expect(judgeWorkerFailure(new OutboxHttpError(503, '服务器内部错误')).transient).toBe(true);
    expect(judgeWorkerFailure(new OutboxHttpError(429, '请求过于频繁')).transient).toBe(true);
  });

  it('asks to sign in again after a 401', () => {
    expect(judgeWorkerFailure(new OutboxHttpError(401, 'x'))).toEqual({
      transient: false,
      message: '登录已过期，请重新登录',
    });
  });
});
