import { Blob as NodeBlob } from 'node:buffer';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../contract/user';
import {
  closeOutbox,
  enqueueOutbox,
  listOutbox,
  queueDraft,
  replayOutbox,
} from '../../../shared/offline/outbox';
import { useSessionStore } from '../../stores/session-store';
import { OutboxIndicator } from './outbox-indicator';

const me = { id: 'u1', _id: 'u1', username: '小明' } as User;

beforeEach(() => {
  useSessionStore.setState({ status: 'signed-in', token: 't', user: me });
});

afterEach(async () => {
  vi.restoreAllMocks();
  useSessionStore.setState({ status: 'signed-out', token: null, user: null });
  await closeOutbox();
  indexedDB.deleteDatabase('vibe-outbox');
});

const note = (title: string) =>
  enqueueOutbox({
    kind: 'publish',
    body: { title, content: '正文', categoryId: '1' },
    // jsdom's Blob does not survive IndexedDB's structured clone; Node's does.
    images: [{ kind: 'local', blob: new NodeBlob(['x']) as unknown as Blob, name: 'a.jpg' }],
    ownerId: 'u1',
    authorization: 'Bearer t',
  });

describe('OutboxIndicator', () => {
  it('shows nothing while the outbox is empty', async () => {
    render(<OutboxIndicator />);
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  });

  it('lists what waits, with a failure’s reason, 重试 and 放弃', async () => {
    const refused = await note('被拒绝的');
    await note('地铁上写的');
    await replayOutbox({
      ownerId: 'u1',
      transport: {
        uploadImage: async () => ({ url: '/api/uploads/a.jpg', width: 1, height: 1 }),
        createPost: async (item) => {
          if (item.id === refused.id) {
            throw Object.assign(new Error('请选择有效的分类'), { status: 400 });
          }
          throw new TypeError('offline');
        },
        updatePost: () => Promise.reject(new TypeError('offline')),
        saveDraft: () => Promise.reject(new TypeError('offline')),
        judge: (error) =>
          error instanceof TypeError
            ? { transient: true, message: '网络连接已断开，请检查网络后重试' }
            : { transient: false, message: (error as Error).message },
      },
    });

    render(<OutboxIndicator />);
    fireEvent.click(await screen.findByRole('button', { name: /2 条内容等待发送/ }));
    const dialog = await screen.findByRole('dialog', { name: '待发送' });
    const rows = within(dialog).getAllByRole('listitem');
    expect(rows[0].textContent).toContain('被拒绝的');
    expect(rows[0].textContent).toContain('失败');
    expect(rows[0].textContent).toContain('请选择有效的分类');
    expect(rows[1].textContent).toContain('地铁上写的');
    expect(rows[1].textContent).toContain('等待中');
    expect(rows[1].textContent).toContain('1 张图片');

    vi.spyOn(window, 'confirm').mockReturnValue(true);
    fireEvent.click(within(rows[0]).getByRole('button', { name: '放弃' }));
    await waitFor(async () => expect(await listOutbox('u1')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
  });

  it('tells a new note, a change of a published note and a draft apart', async () => {
    await note('新笔记');
    await enqueueOutbox({
      kind: 'update',
      postId: '42',
      body: { title: '改过的笔记', content: '正文', categoryId: '1' },
      images: [],
      ownerId: 'u1',
      authorization: 'Bearer t',
    });
    await queueDraft({
      kind: 'draft',
      body: {
        clientId: 'd1',
        title: '半篇草稿',
        editedAt: '2026-01-01T00:00:00.000Z',
        baseEditedAt: null,
        data: { content: '', categoryId: null, tags: [], price: 0 },
      },
      images: [],
      ownerId: 'u1',
      authorization: 'Bearer t',
    });

    render(<OutboxIndicator />);
    fireEvent.click(await screen.findByRole('button', { name: /3 条内容等待发送/ }));
    const rows = within(await screen.findByRole('dialog')).getAllByRole('listitem');
    expect(rows[0].textContent).toMatch(/^发布新笔记/);
    expect(rows[1].textContent).toMatch(/^修改改过的笔记/);
    expect(rows[2].textContent).toMatch(/^草稿半篇草稿/);
  });
});
