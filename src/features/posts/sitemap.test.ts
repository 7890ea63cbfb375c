import { describe, expect, it } from 'vitest';
import { buildSitemap } from './sitemap';

function parse(xml: string) {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.querySelector('parsererror')).toBeNull();
  return [...doc.getElementsByTagName('url')].map((url) => ({
    loc: url.getElementsByTagName('loc')[0]?.textContent,
    priority: url.getElementsByTagName('priority')[0]?.textContent,
    changefreq: url.getElementsByTagName('changefreq')[0]?.textContent ?? null,
    lastmod: url.getElementsByTagName('lastmod')[0]?.textContent ?? null,
  }));
}

describe('buildSitemap', () => {
  it('lists the static pages with the priorities of SPEC.md section 9', () => {
    const urls = parse(buildSitemap('https://vibe.example/', []));
    expect(urls.map(({ loc, priority }) => [loc, priority])).toEqual([
      ['https://vibe.example/', '1.0'],
      ['https://vibe.example/search', '0.9'],
      ['https://vibe.example/about', '0.8'],
      ['https://vibe.example/terms', '0.7'],
      ['https://vibe.example/privacy', '0.7'],
    ]);
  });

  it('adds every note weekly at 0.8 with its last change', () => {
    const urls = parse(
      buildSitemap('https://vibe.example', [
        { _id: '42', updatedAt: '2026-03-01T08:00:00.000Z' },
        { _id: '7', updatedAt: 'not a date' },
      ]),
    );
    expect(urls.slice(5)).toEqual([
      {
        loc: 'https://vibe.example/post/42',
        priority: '0.8',
        changefreq: 'weekly',
        lastmod: '2026-03-01T08:00:00.000Z',
      },
      { loc: 'https://vibe.example/post/7', priority: '0.8', changefreq: 'weekly', lastmod: null },
    ]);
  });

  it('escapes what XML would misread', () => {
    const xml = buildSitemap('https://vibe.example/a&b', [{ _id: '<1>', updatedAt: '' }]);
    expect(parse(xml)[0].loc).toBe('https://vibe.example/a&b/');
    expect(xml).toContain('/post/%3C1%3E');
  });
});
