import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportGroup, ReportList } from '../../../../contract/report';
import { api } from '../../../lib/api/client';
import { notify } from '../../../lib/notify';
import { storageKeys } from '../../../lib/storage-keys';
import { peopleTexts } from '../people-texts';
import { adminTexts } from '../texts';
import { ReportQueue } from './report-queue';

const group = (targetType: ReportGroup['targetType'], id: string): ReportGroup => ({
  id,
  targetType,
  targetId: `9${id}`,
  status: 'open',
  action: null,
  count: 2,
  snapshot: {
    author: { id: '5', username: 'spammer' },
    title: null,
    content: '加微信',
    postId: null,
  },
  current: { exists: true, hidden: false, content: '加微信' },
  reports: [
    {
      id,
      reporter: { _id: '3', id: '3', username: 'reader', avatar: '/a.png', isPremium: false },
      reason: '垃圾广告',
      detail: null,
      createdAt: '2026-11-20T08:00:00.000Z',
    },
  ],
});

const LIST: ReportList = {
  groups: [group('comment', '11'), group('user', '12')],
  total: 2,
  page: 1,
  pages: 1,
};

function renderQueue(filter: { authorId?: string; onClearAuthor?: () => void } = {}) {
  render(
    <MemoryRouter>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ReportQueue status="open" page={1} onPageChange={vi.fn()} {...filter} />
      </SWRConfig>
    </MemoryRouter>,
  );
}

const buttonsOf = (item: HTMLElement) =>
  within(item)
    .getAllByRole('button')
    .map((button) => button.textContent);

beforeEach(() => localStorage.setItem(storageKeys.token, 'token'));
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('ReportQueue', () => {
  it('offers the outcomes each kind allows, a ban for every kind', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(LIST);
    renderQueue();
    const [comment, user] = await screen.findAllByText('2 人举报');
    const itemOf = (element: HTMLElement) => element.closest('li') as HTMLElement;
    expect(buttonsOf(itemOf(comment))).toEqual(['隐藏', '删除', '封禁账号', '驳回']);
    expect(buttonsOf(itemOf(user))).toEqual(['封禁账号', '驳回']);
  });

  it('bans the author with the reason the author is shown, refusing a blank one', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(LIST);
    const post = vi.spyOn(api, 'post').mockResolvedValue({ resolved: 2, action: 'ban' });
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    renderQueue();
    const [comment] = await screen.findAllByText('2 人举报');
    fireEvent.click(
      within(comment.closest('li') as HTMLElement).getByRole('button', { name: '封禁账号' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '封禁「spammer」' });
    fireEvent.click(within(dialog).getByRole('button', { name: peopleTexts.confirm }));
    expect(within(dialog).getByRole('alert').textContent).toBe(peopleTexts.reasonRequired);
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(peopleTexts.reasonLabel), {
      target: { value: ' 多次发布广告 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: peopleTexts.confirm }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(adminTexts.actionDone.ban));
    expect(post).toHaveBeenCalledWith('/api/admin/reports/11/resolve', {
      action: 'ban',
      reason: '多次发布广告',
    });
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  describe('limited to one person', () => {
    it('asks for their reports, names them in a chip and clears the filter', async () => {
      const get = vi
        .spyOn(api, 'get')
        .mockResolvedValue({ ...LIST, author: { id: '5', username: 'spammer' } });
      const onClearAuthor = vi.fn();
      renderQueue({ authorId: '5', onClearAuthor });
      expect(screen.getByText(adminTexts.authorFilterUnnamed)).toBeTruthy();
      expect(await screen.findByText('仅看 spammer 的被举报内容')).toBeTruthy();
      expect(get).toHaveBeenCalledWith('/api/admin/reports', {
        query: { status: 'open', page: 1, limit: 10, authorId: '5' },
      });
      expect(screen.getAllByText('2 人举报')).toHaveLength(2);
      fireEvent.click(screen.getByRole('button', { name: adminTexts.authorFilterClear }));
      expect(onClearAuthor).toHaveBeenCalledOnce();
    });

    it('says the person has nothing open and offers every report instead', async () => {
      vi.spyOn(api, 'get').mockResolvedValue({
        groups: [],
        author: { id: '5', username: 'spammer' },
        total: 0,
        page: 1,
        pages: 1,
      } satisfies ReportList);
      const onClearAuthor = vi.fn();
      renderQueue({ authorId: '5', onClearAuthor });
      expect(await screen.findByText('spammer 没有待处理的举报。')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: adminTexts.showAllReports }));
      expect(onClearAuthor).toHaveBeenCalledOnce();
    });

    it('keeps the chip when the queue fails, so the filter can still be lifted', async () => {
      vi.spyOn(api, 'get').mockRejectedValue(new Error('用户编号无效'));
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      renderQueue({ authorId: 'abc', onClearAuthor: vi.fn() });
      expect((await screen.findByRole('alert')).textContent).toContain('用户编号无效');
      expect(screen.getByText(adminTexts.authorFilterUnnamed)).toBeTruthy();
      expect(screen.getByRole('button', { name: adminTexts.authorFilterClear })).toBeTruthy();
    });

    it('shows no chip on the whole queue', async () => {
      vi.spyOn(api, 'get').mockResolvedValue(LIST);
      renderQueue();
      await screen.findAllByText('2 人举报');
      expect(screen.queryByRole('button', { name: adminTexts.authorFilterClear })).toBeNull();
    });
  });
});
