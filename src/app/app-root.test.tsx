import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoot } from './app-root';
import { prefetchPages } from './pages';
import { generateSitemapOnRequest } from './sitemap-request';

vi.mock('./pages', () => ({ prefetchPages: vi.fn() }));
vi.mock('./sitemap-request', () => ({ generateSitemapOnRequest: vi.fn() }));
vi.mock('../features/offline/offline-layer', () => ({ OfflineLayer: () => null }));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ element: <AppRoot />, children: [{ path: '*', element: <p>页面</p> }] }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => vi.useFakeTimers());

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(prefetchPages).mockClear();
  vi.mocked(generateSitemapOnRequest).mockClear();
});

describe('AppRoot', () => {
  it('prefetches the note, membership and search bundles 3 s after load', () => {
    renderAt('/');
    act(() => vi.advanceTimersByTime(2_999));
    expect(prefetchPages).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(prefetchPages).toHaveBeenCalledWith(['post', 'membership', 'search']);
  });

  it('downloads the sitemap only with ?generate-sitemap=true', () => {
    renderAt('/about');
    expect(generateSitemapOnRequest).not.toHaveBeenCalled();
    renderAt('/?generate-sitemap=true');
    expect(generateSitemapOnRequest).toHaveBeenCalledTimes(1);
  });
});
