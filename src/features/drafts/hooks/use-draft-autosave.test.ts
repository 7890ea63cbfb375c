import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftList, SaveDraftBody, SaveDraftResult } from '../../../../contract/draft';
import {
  closeOutbox,
  listOutbox,
  queueDraft,
  replayOutbox,
} from '../../../../shared/offline/outbox';
import type { OutboxTransport } from '../../../../shared/offline/outbox';
import { pageTransport } from '../../../lib/page-transport';
import { EMPTY_DRAFT_DATA } from '../../../../shared/offline/draft-copy';
import { localDrafts } from '../../../../shared/offline/local-drafts';
import { useDraftAutosave } from './use-draft-autosave';

const sent: SaveDraftBody[] = [];

function stubServer(kept: SaveDraftResult['kept'] = 'incoming') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      // GET /api/drafts, when a published draft looks for its server copy.
      let reply: SaveDraftResult | DraftList = { drafts: [] };
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as SaveDraftBody;
        sent.push(body);
        reply = {
          draft: { _id: '9', id: '9', ...body, updatedAt: body.editedAt },
          conflict: kept === 'server',
          kept,
        };
      }
      return new Response(JSON.stringify(reply), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

const content = (title: string) => ({ title, data: { ...EMPTY_DRAFT_DATA, content: '正文' } });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  localStorage.setItem('token', 'token');
  sent.length = 0;
});

afterEach(async () => {
  vi.restoreAllMocks();
  // Unmounting writes what is pending; only then can the copies be removed.
  cleanup();
  await vi.runOnlyPendingTimersAsync();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const clientId of ['draft-1', 'draft-2', 'post-5']) await localDrafts.remove(clientId);
  await closeOutbox();
  indexedDB.deleteDatabase('vibe-outbox');
});

describe('useDraftAutosave', () => {
  it('writes the browser copy after a pause, then the server copy, and records the sync', async () => {
    stubServer();
    const { result } = renderHook(() =>
      useDraftAutosave({ userId: '1', clientId: 'draft-1', initial: null }),
    );
    act(() => result.current.update(content('第一版')));
    act(() => result.current.update(content('第二版')));

    await act(() => vi.advanceTimersByTimeAsync(300));
    await vi.waitFor(async () =>
      expect((await localDrafts.get('1', 'draft-1'))?.title).toBe('第二版'),
    );
    expect(sent).toEqual([]);
    expect(result.current.unsynced).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(3000));
    await vi.waitFor(() => expect(result.current.state).toBe('server'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ clientId: 'draft-1', title: '第二版', baseEditedAt: null });
    expect(result.current.unsynced).toBe(false);
    const stored = await localDrafts.get('1', 'draft-1');
    expect(stored?.syncedEditedAt).toBe(sent[0].editedAt);

    // The next edit starts from the copy the server now holds: a plain update, no conflict.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    act(() => result.current.update(content('第三版')));
    await act(() => vi.advanceTimersByTimeAsync(3300));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].baseEditedAt).toBe(sent[0].editedAt);
  });

  it('keeps an untouched new draft out of storage', async () => {
    stubServer();
    const { result } = renderHook(() =>
      useDraftAutosave({ userId: '1', clientId: 'draft-2', initial: null }),
    );
    act(() => result.current.update({ title: '  ', data: EMPTY_DRAFT_DATA }));
    await act(() => vi.advanceTimersByTimeAsync(3300));
    expect(await localDrafts.get('1', 'draft-2')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('does not send edits of a published note to the drafts server', async () => {
    stubServer();
    const { result } = renderHook(() =>
      useDraftAutosave({ userId: '1', clientId: 'draft-1', initial: null, postId: '5' }),
    );
    act(() => result.current.update(content('修改中')));
    await act(() => vi.advanceTimersByTimeAsync(3300));
    await vi.waitFor(async () => expect((await localDrafts.get('1', 'draft-1'))?.postId).toBe('5'));
    expect(sent).toEqual([]);
  });
});

describe('useDraftAutosave without a network', () => {
  const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const queuedTitles = async () => (await listOutbox('1')).map((item) => item.body.title);

  /** Types `title`, then lets both the browser copy and the server save run. */
  async function type(result: { current: ReturnType<typeof useDraftAutosave> }, title: string) {
    act(() => result.current.update(content(title)));
    await act(() => vi.advanceTimersByTimeAsync(3300));
  }

  it('leaves one copy per draft in the outbox, and sends a newer one itself once online', async () => {
    stubServer();
    const offline = goOffline();
    const { result } = renderHook(() =>
      useDraftAutosave({ userId: '1', clientId: 'draft-1', initial: null }),
    );
    await type(result, '地铁上');
    await vi.waitFor(() => expect(result.current.state).toBe('queued'));
    await type(result, '地铁上，第二版');
    await vi.waitFor(async () => expect(await queuedTitles()).toEqual(['地铁上，第二版']));
    const [queued] = await listOutbox('1');
    expect(queued.body).toMatchObject({ clientId: 'draft-1', baseEditedAt: null });
    expect(sent).toEqual([]);

    offline.mockReturnValue(true);
    await type(result, '到站了');
    await vi.waitFor(() => expect(result.current.state).toBe('server'));
    expect(sent.map((body) => body.title)).toEqual(['到站了']);
    expect(await listOutbox('1')).toEqual([]);
  });

  it('queues a save whose request got no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { result } = renderHook(() =>
      useDraftAutosave({ userId: '1', clientId: 'draft-1', initial: null }),
    );
    await type(result, '信号不好');
    await vi.waitFor(() => expect(result.current.state).toBe('queued'));
    expect(await queuedTitles()).toEqual(['信号不好']);
  });

  it('names the copy the outbox sent as the base of the next save', async () => {
    stubServer();
    const offline = goOffline();
    const { result } = renderHook(() =>
      useDraftAutosave({ userId: '1', clientId: 'draft-1', initial: null }),
    );
    await type(result, '离线写的');
    await vi.waitFor(async () => expect(await queuedTitles()).toEqual(['离线写的']));

    offline.mockReturnValue(true);
    await act(() => replayOutbox({ transport: pageTransport, ownerId: '1' }));
    await vi.waitFor(() => expect(result.current.state).toBe('server'));
    expect((await localDrafts.get('1', 'draft-1'))?.syncedEditedAt).toBe(sent[0].editedAt);

    await type(result, '联网后接着写');
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ title: '联网后接着写', baseEditedAt: sent[0].editedAt });
  });

  it('waits for a copy the outbox is sending before sending a newer one', async () => {
    stubServer();
    const { result } = renderHook(() =>
      useDraftAutosave({ userId: '1', clientId: 'draft-1', initial: null }),
    );
    await queueDraft({
      kind: 'draft',
      body: {
        clientId: 'draft-1',
        title: '上次离线写的',
        data: { ...EMPTY_DRAFT_DATA, content: '正文' },
        editedAt: new Date(Date.now() - 60_000).toISOString(),
        baseEditedAt: null,
      },
      images: [],
      ownerId: '1',
      authorization: null,
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: OutboxTransport = {
      ...pageTransport,
      saveDraft: async (item, body) => {
        await gate;
        return pageTransport.saveDraft(item, body);
      },
    };
    const replay = replayOutbox({ transport: slow, ownerId: '1' });
    await vi.waitFor(async () => expect((await listOutbox('1'))[0]?.status).toBe('sending'));

    await type(result, '新的一版');
    await vi.waitFor(() => expect(result.current.state).toBe('syncing'));
    expect(sent).toEqual([]);

    release();
    await act(() => replay);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((body) => body.title)).toEqual(['上次离线写的', '新的一版']);
    expect(sent[1].baseEditedAt).toBe(sent[0].editedAt);
  });

  it('takes the queued copy back when the draft is published', async () => {
    stubServer();
    goOffline();
    const { result } = renderHook(() =>
      useDraftAutosave({ userId: '1', clientId: 'draft-1', initial: null }),
    );
    await type(result, '要发布的');
    await vi.waitFor(async () => expect(await queuedTitles()).toEqual(['要发布的']));
    await act(() => result.current.discard());
    expect(await listOutbox('1')).toEqual([]);
  });
});
