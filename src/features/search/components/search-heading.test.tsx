import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchHeading } from './search-heading';

describe('SearchHeading', () => {
  it('shows the total, and a capped total as 1000+', () => {
    const { rerender } = render(<SearchHeading keyword="AI" total={42} />);
    expect(screen.getByText('找到 42 篇相关笔记')).toBeTruthy();
    rerender(<SearchHeading keyword="AI" total={1000} />);
    expect(screen.getByText('找到 1000+ 篇相关笔记')).toBeTruthy();
  });
});
