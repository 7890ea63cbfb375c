import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PageMeta } from './page-meta';

const content = (selector: string) =>
  document.head.querySelector(selector)?.getAttribute('content');

describe('PageMeta', () => {
  it('puts title, description, canonical, Open Graph and Twitter tags in the head', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/about']}>
        <PageMeta title="关于我们" description="简介" path="/about" noindex />
      </MemoryRouter>,
    );
    expect(document.title).toBe('关于我们 - 氛围笔记');
    expect(content('meta[name="description"]')).toBe('简介');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/about`,
    );
    expect(content('meta[property="og:title"]')).toBe('关于我们 - 氛围笔记');
    expect(content('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(content('meta[name="robots"]')).toBe('noindex');
    unmount();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('links the current path as canonical when the page names none', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/search?search=AI']}>
        <PageMeta title="搜索" />
      </MemoryRouter>,
    );
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/search`,
    );
    unmount();
  });
});
