import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManagedUser, ManagedUserList, UserStatus } from '../../../../contract/people';
import { api } from '../../../lib/api/client';
import { notify } from '../../../lib/notify';
import { storageKeys } from '../../../lib/storage-keys';
import { peopleTexts } from '../people-texts';
import { UserManager } from './user-manager';

const ACTIVE: UserStatus = {
  state: 'active',
  mutedUntil: null,
  muteReason: null,
  bannedAt: null,
  banReason: null,
};

const person = (id: string, username: string, extra: Partial<ManagedUser> = {}): ManagedUser => ({
  id,
  username,
  email: `${username}@example.com`,
  avatar: '/a.png',
  isAdmin: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  notesCount: 3,
  reportsAgainst: 2,
  status: ACTIVE,
  ...extra,
});

const LIST: ManagedUserList = {
  users: [person('2', 'xiaoming'), person('1', 'guanliyuan', { isAdmin: true })],
  total: 2,
  page: 1,
  pages: 1,
};

function renderManager(onSearch = vi.fn()) {
  render(
    <MemoryRouter>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <UserManager query="" page={1} onSearch={onSearch} onPageChange={vi.fn()} />
      </SWRConfig>
    </MemoryRouter>,
  );
  return onSearch;
}

beforeEach(() => localStorage.setItem(storageKeys.token, 'token'));
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('UserManager', () => {
  it('lists people with their counts and offers no action on an admin', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(LIST);
    renderManager();
    const items = await screen.findAllByRole('listitem');
    expect(items[0].textContent).toContain('笔记 3');
    expect(items[0].textContent).toContain('被举报 2');
    const profile = within(items[0]).getByRole('link', { name: '查看「xiaoming」的主页和笔记' });
    expect(profile.getAttribute('href')).toBe('/profile/2');
    expect(within(items[0]).getByRole('button', { name: peopleTexts.mute })).toBeTruthy();
    expect(within(items[1]).queryAllByRole('button')).toEqual([]);
  });

  it("links a person's reports to the queue limited to them, and a count of 0 to nothing", async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      ...LIST,
      users: [person('2', 'xiaoming'), person('7', 'clean', { reportsAgainst: 0 })],
    } satisfies ManagedUserList);
    renderManager();
    const [reported, clean] = await screen.findAllByRole('listitem');
    const link = within(reported).getByRole('link', {
      name: '被举报 2：查看「xiaoming」被举报的内容',
    });
    expect(link.getAttribute('href')).toBe('/admin/reports?authorId=2');
    expect(link.textContent).toBe('被举报 2');
    expect(clean.textContent).toContain('被举报 0');
    expect(within(clean).queryByRole('link', { name: /被举报/ })).toBeNull();
  });

  it('mutes with days and a reason, refusing a blank reason, and shows the new status', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(LIST);
    const post = vi.spyOn(api, 'post').mockResolvedValue({
      ...ACTIVE,
      state: 'muted',
      mutedUntil: '2026-12-01T00:00:00.000Z',
      muteReason: '刷屏',
    } satisfies UserStatus);
    vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    renderManager();
    const [first] = await screen.findAllByRole('listitem');
    fireEvent.click(within(first).getByRole('button', { name: peopleTexts.mute }));

    fireEvent.click(await screen.findByRole('button', { name: peopleTexts.confirm }));
    expect(screen.getByRole('alert').textContent).toBe(peopleTexts.reasonRequired);
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(peopleTexts.daysLabel), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText(peopleTexts.reasonLabel), {
      target: { value: ' 刷屏 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: peopleTexts.confirm }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/admin/users/2/mute', { reason: '刷屏', days: 3 }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('listitem')[0].textContent).toContain('禁言至');
    expect(screen.getAllByRole('listitem')[0].textContent).toContain('原因：刷屏');
  });

  it('searches with the trimmed text', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(LIST);
    const onSearch = renderManager();
    fireEvent.change(screen.getByRole('searchbox', { name: peopleTexts.searchLabel }), {
      target: { value: '  xiao ' },
    });
    fireEvent.submit(screen.getByRole('search'));
    expect(onSearch).toHaveBeenCalledWith('xiao');
  });
});
