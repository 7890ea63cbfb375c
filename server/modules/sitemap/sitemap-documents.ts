import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { SitemapEntry } from '../../../contract/post.ts';
import { toApiId } from '../../lib/ids.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import type { FeedKey } from '../posts/feed-cursor.ts';
import type { PostRepository } from '../posts/post-repository.ts';
import { BROTLI_OPTIONS } from '../../plugins/compression.ts';
import type { ResponseEncoding } from '../../plugins/compression.ts';
import { sitemapXmlEnd, sitemapXmlStart, sitemapXmlUrls } from './sitemap-xml.ts';

/** SPEC.md's sitemap lists every published note; bounded as the sitemap protocol bounds a file. */
export const SITEMAP_MAX = 50_000;
/**
 * Notes read and written at a time. Kept as 50,000 entries and serialized and compressed again
 * for each request, the sitemap held the thread that answers requests 27-31 ms a request at
 * 100,000 notes (decision 076). Written a page of 2,000 at a time, each page costs it about a
 * millisecond, and other requests run between the pages' reads.
 */
export const SITEMAP_PAGE = 2_000;
const SITEMAP_TTL_MS = 10 * 60_000;

/** The sitemap as sent, in each of its two forms. */
export type SitemapForm = 'json' | 'xml';
export type SitemapCache = TtlCache<Buffer>;

/**
 * The written documents, plain and compressed, kept until a note is written (a dependent of the
 * note caches, note-caches.ts) or for 10 minutes: crawlers ask for them whole and seldom.
 */
export const createSitemapCache = (): SitemapCache =>
  createTtlCache<Buffer>({ ttlMs: SITEMAP_TTL_MS, maxEntries: 6, name: 'sitemap' });

/**
 * Compressed on libuv's threads, once a document: the compression plugin would stream the 2.75 MB
 * of JSON through brotli again for each request, several milliseconds of this thread's time.
 */
const compressors: Record<ResponseEncoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) => promisify(brotliCompress)(bytes, BROTLI_OPTIONS),
  gzip: (bytes) => promisify(gzip)(bytes),
};

/** `/api/posts/sitemap` and `/sitemap.xml`, written once and sent as bytes. */
export function createSitemap(deps: {
  posts: Pick<PostRepository, 'listSitemap'>;
  cache: SitemapCache;
  /** Public origin of the site, without a trailing slash. */
  origin: string;
  /** Notes a read; SITEMAP_PAGE but in tests. */
  pageSize?: number;
}) {
  const { posts, cache, origin, pageSize = SITEMAP_PAGE } = deps;

  /** The published notes, newest first, a page at a time (keyset on the feed's index). */
  async function* entryPages(): AsyncGenerator<SitemapEntry[]> {
    let after: FeedKey | null = null;
    for (let listed = 0; listed < SITEMAP_MAX;) {
      const rows = await posts.listSitemap(after, Math.min(pageSize, SITEMAP_MAX - listed));
      if (rows.length === 0) return;
      listed += rows.length;
      const last = rows[rows.length - 1];
      after = { value: Number(last.published_at), id: last.id };
      yield rows.map((row) => ({
        _id: toApiId(row.id),
        updatedAt: new Date(Number(row.updated_at)).toISOString(),
      }));
    }
  }

  /** How each form begins, writes a page of notes (`first`: no note before it) and ends. */
  const forms = {
    json: {
      start: '[',
      page: (entries: SitemapEntry[], first: boolean) =>
        `${first ? '' : ','}${JSON.stringify(entries).slice(1, -1)}`,
      end: ']',
    },
    xml: {
      start: sitemapXmlStart(origin),
      page: (entries: SitemapEntry[]) => sitemapXmlUrls(origin, entries),
      end: sitemapXmlEnd,
    },
  };

  /** A document's text, written a page at a time and joined as bytes once at the end. */
  async function write(form: SitemapForm): Promise<Buffer> {
    const { start, page, end } = forms[form];
    const parts = [Buffer.from(start)];
    for await (const entries of entryPages()) {
      parts.push(Buffer.from(page(entries, parts.length === 1)));
    }
    parts.push(Buffer.from(end));
    return Buffer.concat(parts);
  }

  /** A document as sent with `encoding` (null: not compressed). */
  function document(form: SitemapForm, encoding: ResponseEncoding | null): Promise<Buffer> {
    if (!encoding) return cache.get(form, () => write(form));
    return cache.get(`${form}|${encoding}`, async () =>
      compressors[encoding](await document(form, null)),
    );
  }

  return { document };
}

export type Sitemap = ReturnType<typeof createSitemap>;
