import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { PagedPosts } from '../hooks/use-paged-posts';
import { NoteWaterfall } from './note-waterfall';

const loading: PagedPosts = {
  posts: [],
  total: undefined,
  isLoading: true,
  isLoadingMore: false,
  hasMore: false,
  canLoadMore: false,
  error: undefined,
  loadMore: () => undefined,
  retry: () => undefined,
  refresh: async () => undefined,
  updatePost: () => undefined,
};

describe('NoteWaterfall while its first page is on its way', () => {
  it('is a named region marked busy, with no name axe-core says a screen reader may drop', async () => {
    const { container } = render(<NoteWaterfall list={loading} label="相关笔记" empty={null} />);
    const region = screen.getByRole('region', { name: '相关笔记' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    // The browser audit (tests/e2e/accessibility.test.ts) met these skeletons only when it
    // happened to look before the notes came; this looks at them every time.
    const { violations } = await axe.run(container, {
      runOnly: ['aria-prohibited-attr', 'aria-allowed-attr', 'landmark-unique'],
    });
    expect(violations.map((violation) => violation.id)).toEqual([]);
  });
});
