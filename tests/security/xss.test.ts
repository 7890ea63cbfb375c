import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, startSite, storeSession } from '../helpers/e2e.ts';
import type { RunningSite } from '../helpers/e2e.ts';
import { injectedMarkup, XSS_PAYLOADS } from './xss-payloads.ts';

interface Session {
  token: string;
  user: { id: string; username: string };
}

/**
 * Every payload in every field a member can write, opened in Chromium on every page that shows
 * it, as the admin (who sees the most: the review queue, feedback) and as a visitor. A payload
 * counts as executed if it calls `__xss`/`alert`, or if its handler or script URL is in the
 * page at all.
 */
describe('script injection in every field, opened in Chromium', () => {
  let site: RunningSite;
  let browser: Browser;
  let admin: Session;
  let attacker: Session;
  const noteIds: string[] = [];
  const publishedIds: string[] = [];
  const placements = new Set<string>();

  const api = async <T>(method: string, path: string, token: string | null, body?: unknown) => {
    const response = await fetch(site.origin + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { ok: response.ok, body: (await response.json().catch(() => null)) as T };
  };

  /** Writes a payload into one field; counts the placement only when the site accepted it. */
  const place = async (name: string, write: () => Promise<{ ok: boolean }>) => {
    if ((await write()).ok) placements.add(name);
  };

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    admin = (
      await api<Session>('POST', '/api/auth/login', null, {
        username: 'admin',
        password: 'vibe-admin-2026',
      })
    ).body;
    attacker = (
      await api<Session>('POST', '/api/auth/register', null, {
        username: 'xss_tester',
        email: 'xss@example.com',
        password: 'secret123',
      })
    ).body;
    const all = XSS_PAYLOADS.join('\n\n');
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      const created = await api<{ id: string }>('POST', '/api/posts', attacker.token, {
        title: payload.slice(0, 50),
        content: `${payload}\n\n${all}\n\n\`\`\`html\n${payload}\n\`\`\``,
        categoryId: '1',
        tags: [payload.slice(0, 20)],
      });
      if (!created.ok) continue;
      placements.add('note title').add('note body').add('note tag');
      noteIds.push(created.body.id);
      // Half are approved (home, search, profile); the rest stay in the admin's review queue.
      if (index % 2 === 0) {
        publishedIds.push(created.body.id);
        await api('POST', `/api/posts/admin/${created.body.id}/review`, admin.token, {
          status: 'approved',
        });
      }
    }
    const target = noteIds[0];
    await place('comment', () =>
      api('POST', `/api/posts/${target}/comments`, admin.token, {
        content: XSS_PAYLOADS.slice(0, 8).join(' '),
      }),
    );
    await place('bio', () =>
      api('PUT', '/api/auth/me', attacker.token, { bio: XSS_PAYLOADS.slice(0, 4).join(' ') }),
    );
    await place('message', () =>
      api('POST', '/api/messages', attacker.token, {
        recipientId: admin.user.id,
        content: all.slice(0, 900),
      }),
    );
    await place('feedback', async () => {
      const form = new FormData();
      form.set('type', 'content');
      form.set('content', all.slice(0, 900));
      form.set('contactInfo', XSS_PAYLOADS[1]);
      const response = await fetch(`${site.origin}/api/feedback`, { method: 'POST', body: form });
      return { ok: response.ok };
    });
    placements.add('search query');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  async function visit(context: BrowserContext, paths: string[]): Promise<string[]> {
    const executed: string[] = [];
    await context.exposeBinding('__xss', (_source, id: unknown) => executed.push(`__xss(${id})`));
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      executed.push(`dialog ${dialog.message()}`);
      void dialog.dismiss();
    });
    for (const path of paths) {
      await page.goto(path, { waitUntil: 'load' });
      // The app has drawn the route once its main landmark holds text.
      await page.waitForFunction(() => (document.querySelector('main')?.textContent ?? '') !== '');
      for (const markup of await page.evaluate(injectedMarkup)) {
        executed.push(`${path}: ${markup}`);
      }
    }
    await page.close();
    return executed;
  }

  const readerPages = (ids: string[]) => [
    '/',
    ...ids.map((id) => `/post/${id}`),
    `/profile/${attacker.user.id}`,
    ...XSS_PAYLOADS.slice(0, 10).map((payload) => `/search?q=${encodeURIComponent(payload)}`),
  ];

  it('notices a payload that does run (the detector is alive)', async () => {
    const context = await browser.newContext({ baseURL: site.origin, serviceWorkers: 'block' });
    const page = await context.newPage();
    const executed: unknown[] = [];
    await context.exposeBinding('__xss', (_source, id: unknown) => executed.push(id));
    await page.goto('/about');
    // The CSP refuses inline handlers, so the markup scan must find the handler even unfired,
    // and the binding is proved by calling it from the page's own code.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<img src=x onerror=__xss(99)>');
      (window as unknown as { __xss: (id: number) => void }).__xss(98);
    });
    await expect.poll(() => executed).toEqual([98]);
    expect(await page.evaluate(injectedMarkup)).toHaveLength(1);
    await context.close();
  });

  it('runs no payload for a visitor', async () => {
    const context = await browser.newContext({ baseURL: site.origin, serviceWorkers: 'block' });
    const executed = await visit(context, readerPages(publishedIds));
    await context.close();
    expect(executed).toEqual([]);
  });

  it('runs no payload for the admin, who sees every field', async () => {
    const context = await browser.newContext({ baseURL: site.origin, serviceWorkers: 'block' });
    await storeSession(context, admin);
    const executed = await visit(context, [
      ...readerPages(noteIds),
      '/admin/posts/review',
      '/admin/feedback',
      '/notifications',
      '/messages',
    ]);
    await context.close();
    console.info(
      `security figure: ${XSS_PAYLOADS.length} payloads × ${placements.size} placements ` +
        `(${[...placements].join(', ')}), executed: ${executed.length}`,
    );
    expect(placements.size).toBeGreaterThanOrEqual(6);
    expect(executed).toEqual([]);
  });
});
