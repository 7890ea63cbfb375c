import type { SitemapEntry } from '../../../contract/post';

/** SPEC.md section 9: 1.0 home, 0.9 search, 0.8 about and notes, 0.7 terms and privacy. */
const STATIC_PAGES = [
  { path: '/', priority: '1.0' },
  { path: '/search', priority: '0.9' },
  { path: '/about', priority: '0.8' },
  { path: '/terms', priority: '0.7' },
  { path: '/privacy', priority: '0.7' },
] as const;
const POST_PRIORITY = '0.8';
const POST_CHANGE_FREQUENCY = 'weekly';

const xmlEscape = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
  );

function urlEntry(loc: string, priority: string, extra = ''): string {
  return `  <url>\n    <loc>${xmlEscape(loc)}</loc>${extra}\n    <priority>${priority}</priority>\n  </url>`;
}

/** The sitemap.xml of the whole site: the static pages, then every published note. */
export function buildSitemap(origin: string, posts: readonly SitemapEntry[]): string {
  const base = origin.replace(/\/+$/, '');
  const urls = [
    ...STATIC_PAGES.map((page) => urlEntry(base + page.path, page.priority)),
    ...posts.map((post) => {
      const lastModified = new Date(post.updatedAt);
      const lastmod = Number.isNaN(lastModified.getTime())
        ? ''
        : `\n    <lastmod>${lastModified.toISOString()}</lastmod>`;
      return urlEntry(
        `${base}/post/${encodeURIComponent(post._id)}`,
        POST_PRIORITY,
        `${lastmod}\n    <changefreq>${POST_CHANGE_FREQUENCY}</changefreq>`,
      );
    }),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Hands the text to the browser as a sitemap.xml download. */
export function downloadSitemap(xml: string): void {
  const url = URL.createObjectURL(new Blob([xml], { type: 'application/xml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'sitemap.xml';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
