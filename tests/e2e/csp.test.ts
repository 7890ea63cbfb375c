import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostList } from '../../contract/post';
import { launchBrowser, startSite, storeSession } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';

/**
 * The pages run under the server's Content-Security-Policy in a real Chromium: no script or
 * style is refused, nothing is logged as an error, and the service worker still registers.
 */
let site: RunningSite;
let browser: Browser;
let noteId: string;
let session: { token: string; user: unknown };

beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMIT: 'off' } });
  browser = await launchBrowser();
  const feed = (await (await fetch(`${site.origin}/api/posts?limit=20`)).json()) as PostList;
  const free = feed.posts.find((post) => post.cover && post.price === 0);
  if (!free) throw new Error('the demo content has no free note with an image');
  noteId = free.id;
  const username = `csp_${Date.now().toString(36)}`;
  const response = await fetch(`${site.origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'csp123456' }),
  });
  session = (await response.json()) as typeof session;
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

interface Watched {
  page: Page;
  violations: () => Promise<string[]>;
  errors: string[];
}

/** A page of a context that lets service workers run, recording CSP violations and errors. */
async function watchedPage(signedIn: boolean): Promise<{ context: BrowserContext } & Watched> {
  const context = await browser.newContext({
    baseURL: site.origin,
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  if (signedIn) await storeSession(context, session, site.origin);
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    context,
    page,
    errors,
    violations: () =>
      page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  };
}

const pages: [string, boolean, () => string, (page: Page) => Promise<unknown>][] = [
  ['the home page', false, () => '/', (page) => page.locator('article').first().waitFor()],
  [
    'a note page, signed out',
    false,
    () => `/post/${noteId}`,
    (page) => page.getByRole('dialog', { name: '登录氛围笔记' }).waitFor(),
  ],
  [
    'a note page, signed in',
    true,
    () => `/post/${noteId}`,
    (page) => page.locator('h1').first().waitFor(),
  ],
  [
    'search',
    false,
    () => '/search?search=AI',
    (page) => page.getByRole('combobox', { name: '搜索笔记' }).waitFor(),
  ],
  [
    'the sign-in page',
    false,
    () => '/login',
    (page) => page.getByRole('dialog', { name: '登录氛围笔记' }).waitFor(),
  ],
];

describe('the Content-Security-Policy in Chromium', () => {
  it.each(pages)('runs %s with no violation and no error', async (_, signedIn, path, ready) => {
    const { context, page, errors, violations } = await watchedPage(signedIn);
    try {
      const response = await page.goto(path());
      const headers = response!.headers();
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      await ready(page);
      // The worker registers and takes the page: its script and its fetches pass the policy.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 30_000,
      });
      expect(await violations()).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses a script the server did not ship', async () => {
    const { context, page, violations } = await watchedPage(false);
    try {
      await page.goto('/');
      await page.locator('article').first().waitFor();
      const ran = await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.injected = true;';
        document.body.append(script);
        return (window as unknown as { injected?: boolean }).injected ?? false;
      });
      expect(ran).toBe(false);
      await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src/));
    } finally {
      await context.close();
    }
  });
});
