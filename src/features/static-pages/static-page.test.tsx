import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaticPage } from './static-page';

afterEach(() => vi.useRealTimers());

describe('StaticPage', () => {
  it('shows the update date in the format of every other date (SPEC.md section 5)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 23, 12, 0, 0));
    render(
      <MemoryRouter>
        <StaticPage name="terms" />
      </MemoryRouter>,
    );
    const date = screen.getByText('1月1日');
    expect(date.tagName).toBe('TIME');
    expect(date.getAttribute('datetime')).toBe('2026-01-01');
    expect(date.parentElement?.textContent).toBe('更新日期：1月1日');
  });
});
