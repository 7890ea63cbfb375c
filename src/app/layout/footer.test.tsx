import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { onAppEvent } from '../../lib/auth-events';
import { Footer } from './footer';

describe('Footer', () => {
  it('shows the year, tagline, filing link, company, the legal pages and feedback', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(String(new Date().getFullYear()));
    expect(footer.textContent).toContain('国内领先');
    expect(screen.getByRole('link', { name: /ICP/ }).getAttribute('href')).toBe(
      'https://beian.miit.gov.cn/',
    );
    expect(screen.getByRole('link', { name: '用户协议' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: '隐私政策' }).getAttribute('href')).toBe('/privacy');
    let opened = 0;
    const stop = onAppEvent('open-feedback-modal', () => (opened += 1));
    fireEvent.click(screen.getByRole('button', { name: /反馈/ }));
    stop();
    expect(opened).toBe(1);
  });
});
