import type { SitemapEntry } from '../../../contract/post.ts';

/** SPEC.md section 9: priorities of the static pages; notes weekly at 0.8. */
export const STATIC_PAGES = [
  { path: '/', priority: '1.0', changefreq: 'daily' },
  { path: '/search', priority: '0.9', changefreq: 'daily' },
  { path: '/about', priority: '0.8', changefreq: 'monthly' },
  { path: '/terms', priority: '0.7', changefreq: 'yearly' },
  { path: '/privacy', priority: '0.7', changefreq: 'yearly' },
] as const;
export const POST_PRIORITY = '0.8';
export const POST_CHANGEFREQ = 'weekly';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
  );

const url = (origin: string, loc: string, priority: string, changefreq: string, lastmod?: string) =>
  `<url><loc>${escapeXml(origin + loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}` +
  `<changefreq>${changefreq}</changefreq><priority>${priority}</priority></url>`;

/** The document's head and the static pages, up to the notes. */
export const sitemapXmlStart = (origin: string): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PAGES.map((page) => url(origin, page.path, page.priority, page.changefreq)),
    '',
  ].join('\n');

/** A page of notes' entries, each on a line of its own. */
export const sitemapXmlUrls = (origin: string, posts: SitemapEntry[]): string =>
  posts
    .map(
      (post) =>
        `${url(origin, `/post/${post._id}`, POST_PRIORITY, POST_CHANGEFREQ, post.updatedAt)}\n`,
    )
    .join('');

export const sitemapXmlEnd = '</urlset>\n';

/** Pages behind a login or for admins are of no use to a crawler; the API is not for them either. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin/',
    'Disallow: /create',
    'Disallow: /edit-post/',
    'Disallow: /settings',
    'Disallow: /profile$',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
