import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportList } from '../../../contract/report';
import { adminTexts } from '../../features/admin/texts';
import { api } from '../../lib/api/client';
import { storageKeys } from '../../lib/storage-keys';
import AdminReportsPage from './admin-reports';

const EMPTY: ReportList = { groups: [], total: 0, page: 1, pages: 3 };

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/admin/reports', element: <AdminReportsPage /> }], {
    initialEntries: [path],
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return () => `${router.state.location.pathname}${router.state.location.search}`;
}

beforeEach(() => {
  localStorage.setItem(storageKeys.token, 'token');
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('/admin/reports?authorId=', () => {
  it('keeps the person across tabs and lifts the filter from the chip, focusing the tab', async () => {
    const get = vi.spyOn(api, 'get').mockImplementation((_path, options) =>
      Promise.resolve({
        ...EMPTY,
        ...(options?.query?.authorId === '5' && { author: { id: '5', username: 'spammer' } }),
      }),
    );
    const address = renderAt('/admin/reports?authorId=5');
    expect(await screen.findByText('仅看 spammer 的被举报内容')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: adminTexts.tabResolved }));
    await waitFor(() => expect(address()).toBe('/admin/reports?authorId=5&status=resolved'));
    expect(await screen.findByText('spammer 还没有处理过的举报。')).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith('/api/admin/reports', {
      query: { status: 'resolved', page: 1, limit: 10, authorId: '5' },
    });

    fireEvent.click(screen.getByRole('button', { name: adminTexts.authorFilterClear }));
    await waitFor(() => expect(address()).toBe('/admin/reports?status=resolved'));
    expect(screen.queryByText(/仅看/)).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: adminTexts.tabResolved }),
    );
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/api/admin/reports', {
        query: { status: 'resolved', page: 1, limit: 10 },
      }),
    );
  });
});
