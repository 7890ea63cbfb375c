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

  it('serves robots.txt pointing at the sitemap', async () => {
    const robots = await test.app.inject({ url: '/robots.txt' });
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Disallow: /admin/');
    expect(robots.body).toContain('Sitemap: https://notes.example.com/sitemap.xml');
  });
});
