import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveDraftBody, SaveDraftResult } from '../../../../contract/draft';
import { EMPTY_DRAFT_DATA } from '../draft-copy';
import { localDrafts } from '../local-drafts';
import { useDraftAutosave } from './use-draft-autosave';

const sent: SaveDraftBody[] = [];

function stubServer(kept: SaveDraftResult['kept'] = 'incoming') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as SaveDraftBody;
      sent.push(body);
      const reply: SaveDraftResult = {
        draft: { _id: '9', id: '9', ...body, updatedAt: body.editedAt },
        conflict: kept === 'server',
        kept,
      };
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
  // Unmounting writes what is pending; only then can the copies be removed.
  cleanup();
  await vi.runOnlyPendingTimersAsync();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const clientId of ['draft-1', 'draft-2', 'post-5']) await localDrafts.remove(clientId);
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
