import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A matchMedia that answers `(min-width: N px)` for a fixed viewport width. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const minWidth = Number(/min-width:\s*(\d+)px/.exec(query)?.[1]);
    return {
      matches: width >= minWidth,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('useColumnCount', () => {
  it.each([
    [360, 2],
    [767, 2],
    [768, 3],
    [1199, 3],
    [1200, 4],
    [1440, 5],
  ])('%i px -> %i columns', async (width, columns) => {
    viewport(width);
    const { useColumnCount } = await import('./use-column-count');
    const { result } = renderHook(() => useColumnCount());
    expect(result.current).toBe(columns);
  });

  it('never reads the viewport width, which would force a layout after each commit', async () => {
    viewport(1440);
    const innerWidth = vi.spyOn(window, 'innerWidth', 'get');
    const { useColumnCount } = await import('./use-column-count');
    const { rerender } = renderHook(() => useColumnCount());
    rerender();
    expect(innerWidth).not.toHaveBeenCalled();
  });
});
