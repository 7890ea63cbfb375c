import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SitemapEntry } from '../../../contract/post.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { createPost, publishedPost } from '../../../tests/helpers/notes-test-kit.ts';
import { createPostRepository } from '../posts/post-repository.ts';
import { createSitemap, createSitemapCache } from './sitemap-documents.ts';

describe.each(testDatabases)('sitemap and robots (%s)', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(kind, { publicOrigin: 'https://notes.example.com' });
  });
  afterAll(() => test.close());

  it('lists published notes only, in the API and in sitemap.xml', async () => {
    const admin = await registerUser(test.app, 'admin');
    await makeAdmin(test.app, admin.user.id);
    const author = await registerUser(test.app, 'author');
    const published = await publishedPost(test.app, author.auth, admin.auth);
    const pending = await createPost(test.app, author.auth);

    const entries = (await test.app.inject({ url: '/api/posts/sitemap' })).json<SitemapEntry[]>();
    expect(entries).toEqual([{ _id: published.id, updatedAt: expect.any(String) }]);

    const xml = await test.app.inject({ url: '/sitemap.xml' });
    expect(xml.headers['content-type']).toContain('application/xml');
    const body = xml.body;
    expect(body).toContain(
      '<url><loc>https://notes.example.com/</loc><changefreq>daily</changefreq><priority>1.0</priority></url>',
    );
    expect(body).toContain(
      '<loc>https://notes.example.com/search</loc><changefreq>daily</changefreq><priority>0.9</priority>',
    );
    expect(body).toContain(
      '<loc>https://notes.example.com/about</loc><changefreq>monthly</changefreq><priority>0.8</priority>',
    );
    expect(body).toContain(
      '<loc>https://notes.example.com/terms</loc><changefreq>yearly</changefreq><priority>0.7</priority>',
    );
    expect(body).toContain('<loc>https://notes.example.com/privacy</loc>');
    expect(body).toContain(
      `<loc>https://notes.example.com/post/${published.id}</loc><lastmod>${entries[0].updatedAt}</lastmod><changefreq>weekly</changefreq><priority>0.8</priority>`,
    );
    expect(body).not.toContain(`/post/${pending.id}<`);
  });

  it('lists a note published after the sitemap was written', async () => {
    const admin = await registerUser(test.app, 'admin');
    await makeAdmin(test.app, admin.user.id);
    const author = await registerUser(test.app, 'author');
    const before = (await test.app.inject({ url: '/api/posts/sitemap' })).json<SitemapEntry[]>();
    await test.app.inject({ url: '/sitemap.xml' });
    const published = await publishedPost(test.app, author.auth, admin.auth);

    const entries = (await test.app.inject({ url: '/api/posts/sitemap' })).json<SitemapEntry[]>();
    expect(entries.map((entry) => entry._id)).toEqual([
      published.id,
      ...before.map((entry) => entry._id),
    ]);
    expect((await test.app.inject({ url: '/sitemap.xml' })).body).toContain(
      `/post/${published.id}</loc>`,
    );
  });

  it('reads the notes a page at a time, newest first, none twice and none left out', async () => {
    const admin = await registerUser(test.app, 'admin');
    await makeAdmin(test.app, admin.user.id);
    const author = await registerUser(test.app, 'author');
    for (let made = 0; made < 5; made += 1) await publishedPost(test.app, author.auth, admin.auth);
    const whole = (await test.app.inject({ url: '/api/posts/sitemap' })).json<SitemapEntry[]>();
    const wholeXml = (await test.app.inject({ url: '/sitemap.xml' })).body;
    const paged = createSitemap({
      posts: createPostRepository(test.app.db),
      cache: createSitemapCache(),
      origin: 'https://notes.example.com',
      pageSize: 2,
    });

    const json = (await paged.document('json', null)).toString();
    expect(JSON.parse(json)).toEqual(whole);
    expect(new Set(whole.map((entry) => entry._id)).size).toBe(whole.length);
    expect(whole.length).toBeGreaterThanOrEqual(5);
    expect((await paged.document('xml', null)).toString()).toBe(wholeXml);
  });

  it('sends each document compressed as the client accepts, the same bytes once decoded', async () => {
    const admin = await registerUser(test.app, 'admin');
    await makeAdmin(test.app, admin.user.id);
    const author = await registerUser(test.app, 'author');
    await publishedPost(test.app, author.auth, admin.auth);
    for (const url of ['/api/posts/sitemap', '/sitemap.xml']) {
      const plain = await test.app.inject({ url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('accept-encoding');
      for (const [accepted, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const packed = await test.app.inject({ url, headers: { 'accept-encoding': accepted } });
        expect(packed.headers['content-encoding']).toBe(accepted);
        expect(packed.headers['content-type']).toBe(plain.headers['content-type']);
        expect(decode(packed.rawPayload).toString()).toBe(plain.body);
      }
    }
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const robots = await test.app.inject({ url: '/robots.txt' });
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Disallow: /admin/');
    expect(robots.body).toContain('Sitemap: https://notes.example.com/sitemap.xml');
  });
});
