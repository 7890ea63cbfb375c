import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateAfterTyping } from '../../../tests/helpers/server-drawn';
import { addSearchTerm, clearSearchHistory, loadSearchHistory } from '../../lib/search-history';
import { SearchBox } from './search-box';

function renderBox() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SearchBox /> },
      { path: '/search', element: <SearchBox /> },
      { path: '/elsewhere', element: <p>别处</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <p>页面其他地方</p>
    </>,
  );
  return router;
}

const box = () => screen.getByRole('combobox', { name: '搜索笔记' });

afterEach(() => clearSearchHistory());

describe('SearchBox dropdown', () => {
  it('is a combobox that points at its popup while it is open', async () => {
    renderBox();
    expect(box().getAttribute('aria-expanded')).toBe('false');
    fireEvent.focus(box());
    const popup = await screen.findByRole('dialog', { name: '搜索建议' });
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-haspopup')).toBe('dialog');
    expect(popup.id).toBe(box().getAttribute('aria-controls'));
  });

  it('offers the hot searches and the Enter hint without history', async () => {
    renderBox();
    fireEvent.focus(box());
    for (const term of ['AI', '编程', '设计', '生活', '摄影']) {
      await screen.findByRole('button', { name: term });
    }
    expect(screen.getByText('Enter')).toBeTruthy();
  });

  it('lists history with a remove control per term and a clear-all control', async () => {
    await addSearchTerm('向量数据库');
    await addSearchTerm('番茄钟');
    renderBox();
    fireEvent.focus(box());
    fireEvent.click(await screen.findByRole('button', { name: /删除.*番茄钟|番茄钟.*删除/ }));
    expect(screen.queryByText('番茄钟')).toBeNull();
    // The store loads on first use, so the removal lands a moment after the click.
    await waitFor(async () => expect(await loadSearchHistory()).toEqual(['向量数据库']));
    fireEvent.click(screen.getByRole('button', { name: /清空/ }));
    await screen.findByRole('button', { name: 'AI' });
  });

  it('searches the trimmed term on Enter and closes on an outside click', async () => {
    const router = renderBox();
    fireEvent.focus(box());
    await screen.findByRole('button', { name: 'AI' });
    fireEvent.pointerDown(screen.getByText('页面其他地方'));
    expect(screen.queryByRole('button', { name: 'AI' })).toBeNull();
    fireEvent.change(box(), { target: { value: '  提示词 工程 ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe(`?search=${encodeURIComponent('提示词 工程')}`);
  });

  it('searches what was typed before the scripts ran', async () => {
    const routerAt = () =>
      createMemoryRouter(
        [
          { path: '/', element: <SearchBox /> },
          { path: '/search', element: <p>结果页</p> },
        ],
        { initialEntries: ['/'] },
      );
    const router = routerAt();
    await hydrateAfterTyping(
      <RouterProvider router={routerAt()} />,
      // The reader types into the server's HTML, then the page hydrates.
      (container) => {
        container.querySelector('input')!.value = '咖啡';
      },
      <RouterProvider router={router} />,
    );
    expect(router.state.location.search).toBe(`?search=${encodeURIComponent('咖啡')}`);
  });
});
