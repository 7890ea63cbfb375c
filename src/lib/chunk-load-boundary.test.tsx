import { fireEvent, render, screen } from '@testing-library/react';
import { Component, lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadBoundary } from './chunk-load-boundary';
import { ChunkLoadError, loadChunk } from './chunk-load';
import { reloadPage } from './page-reload';

vi.mock('./page-reload', () => ({ reloadPage: vi.fn() }));

class Outer extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>外层错误页</p> : this.props.children;
  }
}

function renderPage(load: () => Promise<{ default: () => ReactNode }>, resetKey = '/post/1') {
  const Page = lazy(() => loadChunk(load));
  return render(
    <Outer>
      <ChunkLoadBoundary resetKey={resetKey}>
        <Suspense fallback={<p>加载中</p>}>
          <Page />
        </Suspense>
      </ChunkLoadBoundary>
    </Outer>,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(reloadPage).mockClear();
});

describe('ChunkLoadBoundary', () => {
  it('shows a page with 重新加载 when a page bundle fails to load', async () => {
    renderPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await screen.findByRole('heading', { name: '页面加载失败' });
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
  });

  it('says the styles failed for CSS_CHUNK_LOAD_FAILED', async () => {
    renderPage(() => Promise.reject(new ChunkLoadError('css', { css: true })));
    await screen.findByText(/页面样式没有加载成功/);
  });

  it('lets other errors reach the router’s error page', async () => {
    renderPage(() => Promise.reject(new ReferenceError('bug')));
    await screen.findByText('外层错误页');
  });

  it('gives the next page its own try after a navigation', async () => {
    const Page = lazy(() => loadChunk(() => Promise.reject(new ChunkLoadError('x'))));
    const view = (path: string) => (
      <ChunkLoadBoundary resetKey={path}>
        <Suspense fallback={null}>{path === '/post/1' ? <Page /> : <p>首页</p>}</Suspense>
      </ChunkLoadBoundary>
    );
    const { rerender } = render(view('/post/1'));
    await screen.findByRole('heading', { name: '页面加载失败' });
    rerender(view('/'));
    await screen.findByText('首页');
  });
});
