import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import type { PostList } from '../../contract/post.ts';
import { INITIAL_FEED_ELEMENT_ID, injectFeed } from './inline-feed.ts';

const SHELL =
  '<!doctype html><html><head><title>氛围笔记</title></head><body><div id="root"></div></body></html>';

describe.each(testDatabases)('inline feed on the home page (%s)', (kind) => {
  let webRoot: string;
  let site: TestApp;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'vibe-inline-'));
    writeFileSync(path.join(webRoot, 'index.html'), SHELL);
    site = await createTestApp(kind, { webRoot });
  });

  afterAll(async () => {
    await site?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  function inlined(html: string): unknown {
    const match = new RegExp(
      `<script type="application/json" id="${INITIAL_FEED_ELEMENT_ID}"[^>]*>(.*?)</script>`,
    ).exec(html);
    return match ? JSON.parse(match[1]) : null;
  }

  it('sends the first feed page inside the HTML for /', async () => {
    const response = await site.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const feed = await site.app.inject({
      method: 'GET',
      url: '/api/posts?sort=newest&page=1&limit=20',
    });
    expect(inlined(response.body)).toEqual(feed.json());
  });

  it('escapes a title that tries to close the script', async () => {
    const admin = await registerUser(site.app);
    await makeAdmin(site.app, admin.user.id);
    const title = '</script><script>alert(1)</script>';
    const listed = (await site.app.inject({ method: 'GET', url: '/api/categories' })).json();
    const categories = (Array.isArray(listed) ? listed : listed.categories) as Array<{
      id: string;
    }>;
    const created = await site.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: admin.auth,
      payload: { title, content: '正文', categoryId: categories[0].id },
    });
    expect(created.statusCode).toBeLessThan(300);

    const html = (await site.app.inject({ method: 'GET', url: '/' })).body;
    expect(html).not.toContain('<script>alert(1)');
    const feed = inlined(html) as { posts: Array<{ title: string }> };
    expect(feed.posts[0].title).toBe(title);
  });

  it('preloads the first cover with the srcset and sizes the card uses', () => {
    const feed = {
      posts: [{ cover: null }, { cover: { url: '/api/uploads/a.jpg', width: 10, height: 10 } }],
    } as unknown as PostList;
    const html = injectFeed(SHELL, JSON.stringify(feed), feed);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('rel="preload" as="image" fetchpriority="high"');
    expect(head).toContain(
      'imagesrcset="/api/uploads/a.jpg?w=320 320w, /api/uploads/a.jpg?w=480 480w',
    );
    expect(head).toContain('imagesizes="(min-width: 1400px) 250px');
  });

  it('leaves other feeds to the page', async () => {
    const html = (await site.app.inject({ method: 'GET', url: '/?category=ai' })).body;
    expect(html).toBe(SHELL);
  });
});
