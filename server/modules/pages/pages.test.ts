import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '../../../contract/page-data.ts';
import { PAGE_DATA_ELEMENT_ID, PAGE_SESSION_COOKIE } from '../../../contract/page-hints.ts';
import type { Post } from '../../../contract/post.ts';
import { publishedPost } from '../../../tests/helpers/notes-test-kit.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

/**
 * Pages rendered on the server (decision 027), with the app's own renderer as `npm run build`
 * makes it (dist-ssr/): who they are rendered for, what the paywall lets into their HTML, and
 * the page cookie that tells the server who is reading, which the API never honours.
 */
const RENDERER = path.resolve('dist-ssr/entry-server.js');
if (!existsSync(RENDERER)) throw new Error(`No page renderer at ${RENDERER}: run "npm run build"`);

const SHELL =
  '<!doctype html><html><head><title data-shell-meta>氛围笔记</title></head><body>' +
  '<div id="root"><!--app--><header class="boot-header"></header><!--/app--></div>' +
  '<script type="module" crossorigin src="/assets/index.js"></script></body></html>';
const SECRET = 'PAIDPARTMARKER';

type User = Awaited<ReturnType<typeof registerUser>>;

const cookieOf = (user: { token: string }) => `${PAGE_SESSION_COOKIE}=${user.token}`;

function pageDataOf(html: string): PageData | null {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]) as PageData) : null;
}

describe.each(testDatabases)('server-rendered pages on %s', (kind) => {
  let t: TestApp;
  let webRoot: string;
  let author: User;
  let reader: User;
  let buyer: User;
  let paid: Post;

  const page = (url: string, who: { token: string } | null) =>
    t.app.inject({ url, headers: who ? { cookie: cookieOf(who) } : {} });

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'vibe-pages-'));
    writeFileSync(path.join(webRoot, 'index.html'), SHELL);
    t = await createTestApp(kind, { webRoot, pageRenderer: RENDERER });
    const admin = await registerUser(t.app, 'admin');
    await makeAdmin(t.app, admin.user.id);
    [author, reader, buyer] = await Promise.all(
      ['author', 'reader', 'buyer'].map((prefix) => registerUser(t.app, prefix)),
    );
    const content = [
      '开头部分免费阅读，讲清楚提示词的三个层次。',
      ...Array.from({ length: 8 }, (_, index) => `第 ${index + 1} 节：背景与思路。`),
      ...Array.from({ length: 8 }, (_, index) => `付费第 ${index + 1} 节：${SECRET} 的示例。`),
    ].join('\n\n');
    paid = await publishedPost(t.app, author.auth, admin.auth, {
      title: '提示词进阶 </script><script>alert(1)</script>',
      content,
      price: 9.9,
    });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/payments/orders',
      headers: buyer.auth,
      payload: { kind: 'post', postId: paid.id },
    });
    await t.app.inject({
      method: 'POST',
      url: order.json<{ payment: { confirmUrl: string } }>().payment.confirmUrl,
      headers: buyer.auth,
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  describe('the page cookie', () => {
    it('is set by signing in and by registering: HttpOnly, SameSite=Lax, not Secure on http', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: reader.user.username, password: reader.password },
      });
      expect(login.statusCode).toBe(200);
      const set = String(login.headers['set-cookie']);
      expect(set).toContain(`${PAGE_SESSION_COOKIE}=${login.json<{ token: string }>().token}`);
      expect(set).toMatch(/HttpOnly/);
      expect(set).toMatch(/SameSite=Lax/);
      expect(set).toMatch(/Path=\//);
      expect(set).not.toMatch(/Secure/);

      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          username: `new_${Date.now()}`,
          email: `n${Date.now()}@example.com`,
          password: 'secret123',
        },
      });
      expect(String(registered.headers['set-cookie'])).toContain(
        `${PAGE_SESSION_COOKIE}=${registered.json<{ token: string }>().token}`,
      );
    });

    it('is not set by a refused sign-in', async () => {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: reader.user.username, password: 'wrong-password' },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['set-cookie']).toBeUndefined();
    });

    it('never authorises an API call: with only the cookie the caller is a visitor', async () => {
      const headers = { cookie: cookieOf(reader) };
      const me = await t.app.inject({ url: '/api/auth/me', headers });
      expect(me.statusCode).toBe(401);
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers,
        payload: { title: '跨站写入', content: '不应发出', category: 'ai' },
      });
      expect(write.statusCode).toBe(401);
      const note = await t.app.inject({ url: `/api/posts/${paid.id}`, headers });
      expect(note.json<Post>().canRead).toBe(false);
    });

    it('is cleared by signing out, and a revoked session renders as a visitor', async () => {
      const session = await registerUser(t.app, 'leaver');
      const before = pageDataOf((await page('/', session)).body);
      expect(before?.viewer?.id).toBe(session.user.id);
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: session.auth,
      });
      expect(logout.statusCode).toBe(200);
      expect(String(logout.headers['set-cookie'])).toMatch(
        new RegExp(`${PAGE_SESSION_COOKIE}=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)`),
      );
      // A browser that kept the cookie anyway is now a visitor to the pages too.
      const after = pageDataOf((await page('/', session)).body);
      expect(after).not.toBeNull();
      expect(after?.viewer).toBeNull();
    });
  });

  describe('rendering', () => {
    it('renders the home page with its feed for a visitor, data serialised once', async () => {
      const response = await page('/', null);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      const html = response.body;
      expect(html).not.toContain('<!--app-->');
      expect(html).not.toContain('data-shell-meta');
      expect(html.match(/<article/g)?.length).toBeGreaterThan(0);
      expect(html).toContain('登录');
      const data = pageDataOf(html);
      expect(data?.viewer).toBeNull();
      expect(html.split(`id="${PAGE_DATA_ELEMENT_ID}"`)).toHaveLength(2);
    });

    it('compresses a page on its render thread as the API answers are compressed', async () => {
      const plain = await page('/', null);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('accept-encoding');
      const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
      // A paid note its buyer reads, more than 1 KB: what the compression plugin picks for it.
      const api = (acceptEncoding: string) =>
        t.app.inject({
          url: `/api/posts/${paid.id}`,
          headers: { ...buyer.auth, 'accept-encoding': acceptEncoding },
        });
      const picks: [acceptEncoding: string, encoding: string | undefined][] = [
        ['br, gzip, deflate', 'br'],
        ['gzip', 'gzip'],
        ['gzip;q=1, br;q=0.5', 'gzip'],
        ['*', 'gzip'],
        ['identity', undefined],
      ];
      for (const [acceptEncoding, picked] of picks) {
        const [response, answer] = await Promise.all([
          t.app.inject({ url: '/', headers: { 'accept-encoding': acceptEncoding } }),
          api(acceptEncoding),
        ]);
        expect(answer.headers['content-encoding'], acceptEncoding).toBe(picked);
        const encoding = response.headers['content-encoding'];
        expect(encoding, acceptEncoding).toBe(picked);
        const body =
          encoding === 'br' || encoding === 'gzip'
            ? decoders[encoding](response.rawPayload)
            : response.rawPayload;
        // The same page but for the data's render-time details: its markup and its feed.
        expect(body.toString().match(/<article/g), acceptEncoding).toEqual(
          plain.body.match(/<article/g),
        );
        expect(pageDataOf(body.toString())?.swr, acceptEncoding).toEqual(
          pageDataOf(plain.body)?.swr,
        );
      }
    });

    it('holds the first paint until the parser is past the markup: until the page data', async () => {
      const html = (await page('/', null)).body;
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(
        `<link rel="expect" href="#${PAGE_DATA_ELEMENT_ID}" blocking="render">`,
      );
      // Everything drawn comes before the element the paint waits for.
      expect(html.indexOf(`id="${PAGE_DATA_ELEMENT_ID}"`)).toBeGreaterThan(
        html.lastIndexOf('</article>'),
      );
    });

    it('renders signed-in readers as themselves', async () => {
      const html = (await page('/', reader)).body;
      expect(pageDataOf(html)?.viewer).toMatchObject({
        id: reader.user.id,
        username: reader.user.username,
      });
      // The header shows the reader's menu, not the sign-in button.
      expect(html).toContain(reader.user.username);
    });

    it('draws a visitor on a note where SPEC.md sends them: the feed, the login modal open', async () => {
      const response = await page(`/post/${paid.id}`, null);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).not.toContain('<!--app-->');
      expect(html.match(/<article/g)?.length).toBeGreaterThan(0);
      expect(html).toMatch(/role="dialog"[^>]*>.*登录氛围笔记/);
      // Shown as drawn: not at the first frame of a fade-in.
      expect(html).not.toMatch(/role="dialog"[^>]*opacity:0/);
      const data = pageDataOf(html);
      expect(data?.viewer).toBeNull();
      expect(data?.signInFrom).toBe(`/post/${paid.id}`);
      expect(Object.keys(data?.swr ?? {})).toContain('categories');
      // Its own address and title, once each: a page asking to sign in for this note.
      const canonical = html.match(/<link rel="canonical" href="([^"]*)"/g) ?? [];
      expect(canonical).toHaveLength(1);
      expect(canonical[0]).toMatch(new RegExp(`href="https?://[^/"]+/post/${paid.id}"`));
      expect(html.match(/<title>[^<]*<\/title>/g)).toEqual([
        '<title>登录后查看笔记 - 氛围笔记</title>',
      ]);
      expect(html).not.toContain(SECRET);
    });

    it('draws the note itself for a signed-in reader, with no login modal', async () => {
      const html = (await page(`/post/${paid.id}`, reader)).body;
      expect(pageDataOf(html)?.signInFrom).toBeUndefined();
      expect(html).not.toContain('role="dialog"');
    });

    it('renders a paid note’s paid part only for a reader the paywall admits', async () => {
      const stranger = await page(`/post/${paid.id}`, reader);
      expect(stranger.body).toContain('开头部分免费阅读');
      expect(stranger.body).not.toContain(SECRET);
      // The body's HTML rides in the page data for hydration, rendered from the same cut note.
      const entries = Object.entries(pageDataOf(stranger.body)?.swr ?? {});
      const body = entries.find(([key]) => key.includes('note-body'))?.[1];
      expect(body).toMatchObject({ html: expect.stringContaining('开头部分免费阅读') });
      const bought = await page(`/post/${paid.id}`, buyer);
      expect(bought.body).toContain(SECRET);
      const own = await page(`/post/${paid.id}`, author);
      expect(own.body).toContain(SECRET);
    });

    it('writes no markup of its own from a note’s text: the title stays text, the JSON stays data', async () => {
      const html = (await page(`/post/${paid.id}`, buyer)).body;
      expect(html).not.toContain('<script>alert(1)</script>');
      const data = html.slice(html.indexOf(`id="${PAGE_DATA_ELEMENT_ID}"`));
      expect(data).toContain('\\u003c/script>');
      expect(pageDataOf(html)?.swr).toBeDefined();
    });

    it('renders a profile, search results and the static pages', async () => {
      const profile = await page(`/profile/${author.user.id}`, null);
      expect(profile.body).toContain(author.user.username);
      expect(pageDataOf(profile.body)).not.toBeNull();
      const search = await page(`/search?search=${encodeURIComponent('提示词')}`, null);
      expect(pageDataOf(search.body)).not.toBeNull();
      expect(search.body).toContain('提示词');
      for (const url of ['/about', '/terms', '/privacy', '/help']) {
        const response = await page(url, null);
        expect(pageDataOf(response.body), url).not.toBeNull();
        expect(response.body, url).toMatch(/<title>[^<]+<\/title>/);
      }
    });

    it('leaves a reader’s own profile to the app (it moves on to /profile)', async () => {
      const own = await page(`/profile/${reader.user.id}`, reader);
      expect(pageDataOf(own.body)).toBeNull();
      expect(own.body).toContain('<!--app-->');
    });
  });
});
