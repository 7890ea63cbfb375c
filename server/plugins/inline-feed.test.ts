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
import { FIRST_SCREEN_MARKER } from '../lib/first-screen.ts';
import { INITIAL_FEED_ELEMENT_ID, injectFeed } from './inline-feed.ts';

const SHELL =
  '<!doctype html><html><head><title>氛围笔记</title></head>' +
  `<body><div id="root"><header></header>${FIRST_SCREEN_MARKER}</div></body></html>`;

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
      url: '/api/posts?sort=recommended&page=1&limit=20',
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

  it('draws the tabs and the first row of cards in the HTML, the first cover marked as the hero', async () => {
    const html = (await site.app.inject({ method: 'GET', url: '/' })).body;
    const feed = inlined(html) as PostList;
    expect(feed.posts.length).toBeGreaterThan(0);
    // The app's infinite scroll continues from the inlined page with its cursor.
    expect(feed).toHaveProperty('nextCursor');
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
    expect(root).not.toContain(FIRST_SCREEN_MARKER);
    // The first row: at most five cards (the widest waterfall), in feed order.
    const links = [...root.matchAll(/<a [^>]*href="\/post\/([^"]+)"/g)].map((match) => match[1]);
    expect(links).toEqual(feed.posts.slice(0, 5).map((post) => post.id));
    expect(root).toContain('aria-current="page">推荐</button>');
    // Titles are text, never markup (one of the posts above tries to close a script).
    expect(root).not.toContain('<script>alert(1)');
    expect(html).toMatch(/<style data-first-screen>[^<]*first-screen-column-2\{display:none\}/);
    // React's own image preloads would compete with the one in the head.
    expect(root).not.toContain('rel="preload"');
  });

  it('marks the first cover as the image the app waits for', () => {
    const cover = { url: '/api/uploads/a.jpg', width: 10, height: 10 };
    const html = injectFeed(SHELL, '{}', { posts: [{ cover }] } as unknown as PostList, {
      html: '<img data-first-screen-hero src="/api/uploads/a.jpg">',
      css: '.x{}',
    });
    expect(html).toContain('<header></header><img data-first-screen-hero');
    expect(html).toContain('<style data-first-screen>.x{}</style></head>');
  });

  it('leaves other feeds to the page', async () => {
    const html = (await site.app.inject({ method: 'GET', url: '/?category=ai' })).body;
    expect(html).toBe(SHELL);
  });

  it('sends the plain shell for / when the first screen is not built', async () => {
    const bare = await createTestApp(kind, { webRoot, firstScreenModule: null });
    try {
      const html = (await bare.app.inject({ method: 'GET', url: '/' })).body;
      expect(html).toContain('<div id="root"><header></header></div>');
      expect(html).not.toContain('data-first-screen');
      expect(inlined(html)).not.toBeNull();
    } finally {
      await bare.close();
    }
  });
});
