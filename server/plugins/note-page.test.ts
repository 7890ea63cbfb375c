import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeAdmin, registerUser } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { notePrefetchScript } from '../lib/note-prefetch.ts';

const SHELL =
  '<!doctype html><html><head><title>氛围笔记</title></head>' +
  '<body><div id="root"><!--first-screen--></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'src/app/routes/post.tsx': {
    file: 'assets/post.js',
    css: ['assets/post.css'],
    imports: ['index.html', '_react.js', '_markdown.js'],
  },
  '_markdown.js': { file: 'assets/markdown.js' },
};

describe('the note page’s HTML', () => {
  let webRoot: string;
  let site: TestApp;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'vibe-note-page-'));
    writeFileSync(path.join(webRoot, 'index.html'), SHELL);
    mkdirSync(path.join(webRoot, '.vite'));
    writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'assets', 'post.css'), '.note-rule{color:red}');
    site = await createTestApp('sqlite', { webRoot });
  });

  afterAll(async () => {
    await site?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('names the note bundle’s files and starts fetching the note from the head', async () => {
    const response = await site.app.inject({ method: 'GET', url: '/post/23' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).toContain(
      '<meta name="route-assets" content="/assets/post.css /assets/post.js /assets/markdown.js">',
    );
    expect(head).toContain(notePrefetchScript());
    expect(head).toContain("fetch('/api/posts/' + id");
  });

  /** A note published at once (its author is an admin), free unless a price is given. */
  async function publish(title: string, price = 0): Promise<string> {
    const admin = await registerUser(site.app);
    await makeAdmin(site.app, admin.user.id);
    const listed = (await site.app.inject({ method: 'GET', url: '/api/categories' })).json<{
      categories: Array<{ id: string }>;
    }>();
    const created = await site.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: admin.auth,
      payload: { title, content: '只给会员看的正文', categoryId: listed.categories[0].id, price },
    });
    expect(created.statusCode).toBeLessThan(300);
    return created.json<{ id: string }>().id;
  }

  const drawn = (html: string) => html.includes('<div id="first-screen-note">');

  it('draws a free note’s author and title, but not its body, and hides them from visitors', async () => {
    const id = await publish('</script><script>alert(1)</script>番茄钟');
    const html = (await site.app.inject({ method: 'GET', url: `/post/${id}` })).body;
    expect(drawn(html)).toBe(true);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;番茄钟</h1>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('只给会员看的正文');
    expect(html).toContain('if (!localStorage.getItem("token"))');
    // The note bundle's CSS comes inline, so the drawn note is styled before any file arrives.
    expect(html).toContain('<style data-first-screen>.note-rule{color:red}');
  });

  it('draws nothing of a paid note or of one that does not exist', async () => {
    const paid = await publish('付费笔记', 5);
    for (const id of [paid, '999999']) {
      const html = (await site.app.inject({ method: 'GET', url: `/post/${id}` })).body;
      expect(drawn(html)).toBe(false);
      expect(html).toContain(notePrefetchScript());
    }
  });

  it('sends the plain shell for an id that is not a note id', async () => {
    for (const id of ['abc', '0', '1%22%3Balert(1)%2F%2F', '12345678901234567']) {
      const response = await site.app.inject({ method: 'GET', url: `/post/${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(SHELL);
    }
  });
});
