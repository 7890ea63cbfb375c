import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SaveDraftBody, SaveDraftResult } from '../../contract/draft';
import type { ImageRef, UpdatePostBody } from '../../contract/post';
import {
  closeOutbox,
  discardOutboxItem,
  enqueueOutbox,
  listOutbox,
  queueDraft,
  replayOutbox,
  retryOutboxItem,
  subscribeOutbox,
  shouldQueueWrite,
  withdrawDraft,
} from './outbox';
import type { NewDraftItem, NewOutboxItem, OutboxEvent, OutboxTransport } from './outbox';

/**
 * A file as IndexedDB keeps it. jsdom's Blob does not survive structured cloning (browsers' and
 * Node's do), so the tests store Node's.
 */
const file = (text: string) => new NodeBlob([text]) as unknown as Blob;

class NetworkDown extends Error {}
class Rejected extends Error {}

/** A server that honours idempotency keys, and a switch to drop the connection. */
function fakeServer() {
  const notes = new Map<string, { id: string; title: string; images: unknown[] }>();
  const uploads: string[] = [];
  const drafts: SaveDraftBody[] = [];
  const updates: Array<{ postId: string; key: string; body: UpdatePostBody }> = [];
  const state = { online: true, loseAnswers: false, reject: null as string | null };
  const transport: OutboxTransport = {
    async uploadImage(_item, blob, name, key) {
      if (!state.online) throw new NetworkDown();
      uploads.push(`${name}:${await blob.text()}:${key}`);
      return { url: `/api/uploads/${name}`, width: 10, height: 20 } satisfies ImageRef;
    },
    async createPost(item, body) {
      if (!state.online) throw new NetworkDown();
      if (state.reject) throw new Rejected(state.reject);
      const known = notes.get(item.idempotencyKey);
      const note = known ?? {
        id: String(notes.size + 1),
        title: body.title,
        images: body.images ?? [],
      };
      notes.set(item.idempotencyKey, note);
      if (state.loseAnswers) throw new NetworkDown();
      return note;
    },
    async updatePost(item, postId, body) {
      if (!state.online) throw new NetworkDown();
      if (state.reject) throw new Rejected(state.reject);
      updates.push({ postId, key: item.idempotencyKey, body });
      return { id: postId };
    },
    async saveDraft(_item, body) {
      if (!state.online) throw new NetworkDown();
      drafts.push(body);
      const draft = { _id: '9', id: '9', ...body, updatedAt: body.editedAt };
      return { draft, conflict: false, kept: 'incoming' } satisfies SaveDraftResult;
    },
    judge(error) {
      return error instanceof NetworkDown
        ? { transient: true, message: '网络连接已断开' }
        : { transient: false, message: (error as Error).message };
    },
  };
  return { notes, uploads, drafts, updates, state, transport };
}

const note = (title: string, overrides: Partial<NewOutboxItem> = {}): NewOutboxItem =>
  ({
    kind: 'publish',
    body: { title, content: '正文', categoryId: '1' },
    images: [],
    ownerId: 'u1',
    authorization: 'Bearer t',
    ...overrides,
  }) as NewOutboxItem;

afterEach(async () => {
  await closeOutbox();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase('vibe-outbox');
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  });
});

describe('outbox', () => {
  it('keeps a note with an idempotency key until it is sent', async () => {
    const item = await enqueueOutbox(note('离线笔记'));
    const [listed] = await listOutbox('u1');
    expect(listed).toMatchObject({ id: item.id, status: 'waiting', error: null, attempts: 0 });
    expect(listed.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(await listOutbox('someone-else')).toEqual([]);
  });

  it('uploads images chosen offline first, then publishes with them in order', async () => {
    const server = fakeServer();
    const item = await enqueueOutbox(
      note('带图笔记', {
        images: [
          { kind: 'uploaded', image: { url: '/api/uploads/old.jpg', width: 1, height: 2 } },
          { kind: 'local', blob: file('pixels'), name: 'new.png' },
        ],
      }),
    );
    const events: OutboxEvent[] = [];
    const unsubscribe = subscribeOutbox((event) => events.push(event));

    const result = await replayOutbox({ transport: server.transport, ownerId: 'u1' });
    unsubscribe();

    expect(result).toEqual({ sent: 1, failed: 0, waiting: 0 });
    // Each image goes up under a key of its own, derived from the item's: a replay reuses it.
    expect(server.uploads).toEqual([`new.png:pixels:${item.idempotencyKey}-1`]);
    expect([...server.notes.values()][0].images).toEqual([
      { url: '/api/uploads/old.jpg', width: 1, height: 2 },
      { url: '/api/uploads/new.png', width: 10, height: 20 },
    ]);
    expect(await listOutbox('u1')).toEqual([]);
    expect(events).toContainEqual({
      type: 'sent',
      kind: 'publish',
      title: '带图笔记',
      postId: '1',
    });
  });

  it('sends exactly one note when the answer to the first attempt was lost', async () => {
    const server = fakeServer();
    await enqueueOutbox(
      note('只发一次', { images: [{ kind: 'local', blob: file('x'), name: 'a.jpg' }] }),
    );
    server.state.loseAnswers = true;
    expect(await replayOutbox({ transport: server.transport, ownerId: 'u1' })).toMatchObject({
      waiting: 1,
    });
    const [waiting] = await listOutbox('u1');
    expect(waiting).toMatchObject({ status: 'waiting', error: '网络连接已断开', attempts: 1 });
    expect(waiting.images[0].kind).toBe('uploaded');

    server.state.loseAnswers = false;
    expect(await replayOutbox({ transport: server.transport, ownerId: 'u1' })).toMatchObject({
      sent: 1,
    });
    expect(server.notes.size).toBe(1);
    expect(server.uploads).toHaveLength(1);
  });

  it('stops at the first network failure and keeps the order', async () => {
    const server = fakeServer();
    await enqueueOutbox(note('第一篇'));
    await enqueueOutbox(note('第二篇'));
    server.state.online = false;
    expect(await replayOutbox({ transport: server.transport })).toEqual({
      sent: 0,
      failed: 0,
      waiting: 2,
    });
    server.state.online = true;
    await replayOutbox({ transport: server.transport });
    expect([...server.notes.values()].map((sent) => sent.title)).toEqual(['第一篇', '第二篇']);
  });

  it('marks a refused note failed with the reason; 重试 and 放弃 act on it', async () => {
    const server = fakeServer();
    const item = await enqueueOutbox(note('被拒绝'));
    server.state.reject = '请选择有效的分类';
    expect(await replayOutbox({ transport: server.transport, ownerId: 'u1' })).toMatchObject({
      failed: 1,
    });
    expect((await listOutbox('u1'))[0]).toMatchObject({
      status: 'failed',
      error: '请选择有效的分类',
    });

    // A failed item is not sent again until the user asks.
    server.state.reject = null;
    await replayOutbox({ transport: server.transport, ownerId: 'u1' });
    expect(server.notes.size).toBe(0);

    await retryOutboxItem(item.id);
    expect((await listOutbox('u1'))[0].status).toBe('waiting');
    await replayOutbox({ transport: server.transport, ownerId: 'u1' });
    expect(server.notes.size).toBe(1);

    const other = await enqueueOutbox(note('不要了'));
    await discardOutboxItem(other.id);
    expect(await listOutbox('u1')).toEqual([]);
  });

  it('leaves another account’s items alone', async () => {
    const server = fakeServer();
    await enqueueOutbox(note('别人的', { ownerId: 'u2' }));
    await replayOutbox({ transport: server.transport, ownerId: 'u1' });
    expect(server.notes.size).toBe(0);
    expect(await listOutbox('u2')).toHaveLength(1);
  });

  it('runs one replay at a time', async () => {
    const server = fakeServer();
    await enqueueOutbox(note('并发'));
    const createPost = vi.spyOn(server.transport, 'createPost');
    const [first, second] = await Promise.all([
      replayOutbox({ transport: server.transport }),
      replayOutbox({ transport: server.transport }),
    ]);
    expect(first).toBe(second);
    expect(createPost).toHaveBeenCalledTimes(1);
  });

  it('saves a draft with its images inside the draft data', async () => {
    const server = fakeServer();
    await enqueueOutbox({
      kind: 'draft',
      body: {
        clientId: 'd1',
        title: '草稿',
        editedAt: '2026-01-01T00:00:00.000Z',
        data: { content: '写了一半', categoryId: null, tags: [], price: 0 },
      },
      images: [{ kind: 'local', blob: file('y'), name: 'b.png' }],
      ownerId: 'u1',
      authorization: null,
    });
    await replayOutbox({ transport: server.transport });
    expect(server.drafts).toEqual([
      expect.objectContaining({
        clientId: 'd1',
        data: expect.objectContaining({
          images: [{ url: '/api/uploads/b.png', width: 10, height: 20 }],
        }),
      }),
    ]);
  });
});

describe('outbox: changes of existing notes', () => {
  const change = (title: string, overrides: Partial<NewOutboxItem> = {}) =>
    ({ ...note(title), kind: 'update', postId: '42', ...overrides }) as NewOutboxItem;

  it('uploads images chosen offline, then sends every field of the note to its id', async () => {
    const server = fakeServer();
    const item = await enqueueOutbox(
      change('改过的标题', {
        images: [
          { kind: 'local', blob: file('pixels'), name: 'new.png' },
          { kind: 'uploaded', image: { url: '/api/uploads/old.jpg', width: 1, height: 2 } },
        ],
      }),
    );
    const events: OutboxEvent[] = [];
    const unsubscribe = subscribeOutbox((event) => events.push(event));

    expect(await replayOutbox({ transport: server.transport, ownerId: 'u1' })).toEqual({
      sent: 1,
      failed: 0,
      waiting: 0,
    });
    unsubscribe();

    expect(server.notes.size).toBe(0);
    expect(server.updates).toEqual([
      {
        postId: '42',
        key: item.idempotencyKey,
        body: {
          title: '改过的标题',
          content: '正文',
          categoryId: '1',
          images: [
            { url: '/api/uploads/new.png', width: 10, height: 20 },
            { url: '/api/uploads/old.jpg', width: 1, height: 2 },
          ],
        },
      },
    ]);
    expect(events).toContainEqual({
      type: 'sent',
      kind: 'update',
      title: '改过的标题',
      postId: '42',
    });
    expect(await listOutbox('u1')).toEqual([]);
  });

  it('marks a refused change failed with the server’s reason and does not send it again', async () => {
    const server = fakeServer();
    await enqueueOutbox(change('别人的笔记'));
    server.state.reject = '只能编辑自己的笔记';
    expect(await replayOutbox({ transport: server.transport })).toMatchObject({ failed: 1 });
    server.state.reject = null;
    await replayOutbox({ transport: server.transport });
    expect(server.updates).toEqual([]);
    expect((await listOutbox('u1'))[0]).toMatchObject({
      kind: 'update',
      status: 'failed',
      error: '只能编辑自己的笔记',
      attempts: 1,
    });
  });
});

describe('outbox: drafts', () => {
  const draft = (clientId: string, title: string, editedAt: string): NewDraftItem => ({
    kind: 'draft',
    body: {
      clientId,
      title,
      editedAt,
      baseEditedAt: '2026-01-01T00:00:00.000Z',
      data: { content: '写了一半', categoryId: null, tags: [], price: 0 },
    },
    images: [],
    ownerId: 'u1',
    authorization: 'Bearer t',
  });

  it('keeps one copy per draft: a newer save replaces the waiting one', async () => {
    const first = await queueDraft(draft('d1', '第一版', '2026-01-02T00:00:00.000Z'));
    await queueDraft(draft('d2', '另一篇', '2026-01-02T00:00:01.000Z'));
    const second = await queueDraft(draft('d1', '第二版', '2026-01-02T00:00:02.000Z'));

    const items = await listOutbox('u1');
    expect(items.map((item) => item.body.title)).toEqual(['第二版', '另一篇']);
    // Same place in the queue, but a new key: the server may hold the first copy's answer
    // under the old one and would refuse another body with it.
    expect(second.id).toBe(first.id);
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);

    const server = fakeServer();
    await replayOutbox({ transport: server.transport });
    expect(server.drafts.map((body) => [body.title, body.baseEditedAt])).toEqual([
      ['第二版', '2026-01-01T00:00:00.000Z'],
      ['另一篇', '2026-01-01T00:00:00.000Z'],
    ]);
  });

  it('lets a newer save replace a failed copy, which then waits again', async () => {
    const server = fakeServer();
    await queueDraft(draft('d1', '太长的草稿', '2026-01-02T00:00:00.000Z'));
    const refusing: OutboxTransport = {
      ...server.transport,
      saveDraft: async () => {
        throw new Rejected('草稿内容过长');
      },
    };
    await replayOutbox({ transport: refusing });
    expect((await listOutbox('u1'))[0]).toMatchObject({ status: 'failed' });

    await queueDraft(draft('d1', '改短了', '2026-01-02T00:00:05.000Z'));
    const [item] = await listOutbox('u1');
    expect(item).toMatchObject({ status: 'waiting', error: null, attempts: 0 });
    expect(item.body.title).toBe('改短了');
  });

  it('leaves a copy that is being sent alone; the newer one follows it', async () => {
    let release = () => {};
    const sending = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = fakeServer();
    const slow: OutboxTransport = {
      ...server.transport,
      async saveDraft(item, body) {
        await sending;
        return server.transport.saveDraft(item, body);
      },
    };
    await queueDraft(draft('d1', '第一版', '2026-01-02T00:00:00.000Z'));
    const started = new Promise<void>((resolve) => {
      const unsubscribe = subscribeOutbox(() => {
        void listOutbox('u1').then((items) => {
          if (items[0]?.status !== 'sending') return;
          unsubscribe();
          resolve();
        });
      });
    });
    const replay = replayOutbox({ transport: slow });
    await started;

    await queueDraft(draft('d1', '第二版', '2026-01-02T00:00:03.000Z'));
    expect(await withdrawDraft('u1', 'd1')).toBe(true);
    expect((await listOutbox('u1')).map((item) => item.status)).toEqual(['sending']);

    await queueDraft(draft('d1', '第三版', '2026-01-02T00:00:06.000Z'));
    release();
    await replay;
    await replayOutbox({ transport: server.transport });
    expect(server.drafts.map((body) => body.title)).toEqual(['第一版', '第三版']);
  });

  it('takes back a waiting copy when the draft is saved directly or published', async () => {
    await queueDraft(draft('d1', '草稿', '2026-01-02T00:00:00.000Z'));
    await queueDraft({ ...draft('d1', '别人的', '2026-01-02T00:00:00.000Z'), ownerId: 'u2' });
    await enqueueOutbox(note('发布的笔记'));
    expect(await withdrawDraft('u1', 'd1')).toBe(false);
    expect((await listOutbox('u1')).map((item) => item.kind)).toEqual(['publish']);
    expect(await listOutbox('u2')).toHaveLength(1);
  });

  it('reports a sent draft with its copy’s edit time and the server’s answer', async () => {
    const server = fakeServer();
    await queueDraft(draft('d1', '草稿', '2026-01-02T00:00:00.000Z'));
    const events: OutboxEvent[] = [];
    const unsubscribe = subscribeOutbox((event) => events.push(event));
    await replayOutbox({ transport: server.transport });
    unsubscribe();
    expect(events).toContainEqual({
      type: 'sent',
      kind: 'draft',
      title: '草稿',
      clientId: 'd1',
      editedAt: '2026-01-02T00:00:00.000Z',
      result: expect.objectContaining({ kept: 'incoming', conflict: false }),
    });
  });
});

describe('shouldQueueWrite', () => {
  it('queues writes made offline or that got no answer, never refusals', () => {
    expect(shouldQueueWrite(new Error('x'), false)).toBe(true);
    expect(shouldQueueWrite(Object.assign(new Error('网络连接已断开'), { status: 0 }), true)).toBe(
      true,
    );
    expect(shouldQueueWrite(Object.assign(new Error('请输入标题'), { status: 400 }), true)).toBe(
      false,
    );
    expect(shouldQueueWrite(new Error('boom'), true)).toBe(false);
  });
});
