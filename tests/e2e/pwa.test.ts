import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkProfile } from '../../sw/lib/network-profile';
import type { DeviceSignals } from '../../sw/lib/network-profile';
import { launchBrowser, startSite, storeSession } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';

/**
 * The installable, offline PWA in a real Chromium with service workers allowed. The site is
 * served from a copy of the build, so one test can deploy a new worker over it.
 */
let site: RunningSite;
let browser: Browser;
let webRoot: string;
let scratch: string;

const password = 'offline12345';
const stamp = Date.now().toString(36);
/** The note itself on its page, without the related notes under it. */
const NOTE_ARTICLE = 'article:has(h1)';

interface Account {
  token: string;
  user: { id: string };
}

async function register(name: string): Promise<Account> {
  const response = await fetch(`${site.origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Account;
}

async function pwaContext(account?: Account): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: site.origin,
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  if (account) {
    await storeSession(context, account);
  }
  return context;
}

/** Opens `path` and waits until the service worker answers the page's requests. */
async function openControlled(context: BrowserContext, pagePath: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(pagePath);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });
  return page;
}

/**
 * Waits until at least `atLeast` uploaded images inside `scope` show real pixels; returns how
 * many. A note's images are counted within its own article: the related notes under it load
 * when scrolled near, and only online, so counting them would race their arrival.
 */
async function uploadedImagesLoaded(page: Page, atLeast = 1, scope = 'body'): Promise<number> {
  const loaded = await page.waitForFunction(
    ({ minimum, within }) => {
      const count = [...document.querySelectorAll<HTMLImageElement>(`${within} img`)].filter(
        (image) => image.src.includes('/api/uploads/') && image.complete && image.naturalWidth > 0,
      ).length;
      return count >= minimum ? count : false;
    },
    { minimum: atLeast, within: scope },
  );
  return (await loaded.jsonValue()) as number;
}

/** The registration's workers as the page sees them, for a failure's message. */
function workerStates(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const state = (worker: ServiceWorker | null | undefined) => worker?.state ?? null;
    return JSON.stringify({
      installing: state(registration?.installing),
      waiting: state(registration?.waiting),
      active: state(registration?.active),
      controlled: navigator.serviceWorker.controller !== null,
    });
  });
}

/**
 * Asks the browser to check for a new worker until it has found one. A check already under way
 * when the page asks (one the browser started itself) answers for both, with the bytes it read
 * before the deploy: once it has ended, the next check reads the new ones. A browser would check
 * again at its next navigation, which a test does not wait for. What the app does with the worker
 * found is what the test asserts.
 */
async function newWorkerFound(page: Page): Promise<void> {
  const found = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
      return Boolean(registration?.installing ?? registration?.waiting);
    });
  const deadline = Date.now() + 30_000;
  while (!(await found())) {
    if (Date.now() > deadline) {
      throw new Error(`the browser found no new worker: ${await workerStates(page)}`);
    }
  }
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'vibe-pwa-e2e-'));
  webRoot = path.join(scratch, 'site');
  cpSync(path.resolve(process.env.WEB_ROOT ?? 'dist'), webRoot, { recursive: true });
  site = await startSite({ env: { WEB_ROOT: webRoot, RATE_LIMIT: 'off' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('installable offline PWA', () => {
  it('installs a worker that controls the page and asks images at the profile’s quality', async () => {
    const context = await pwaContext();
    const workerRequests: string[] = [];
    context.on('request', (request) => {
      if (request.serviceWorker()) workerRequests.push(request.url());
    });
    const page = await openControlled(context, '/');
    await page.reload();
    await page.locator('article').first().waitFor();
    expect(await uploadedImagesLoaded(page)).toBeGreaterThan(0);
    // The quality this browser's own signals call for (this machine may count as low-end).
    const signals = await page.evaluate((): DeviceSignals => ({
      effectiveType: (navigator as { connection?: { effectiveType?: string } }).connection
        ?.effectiveType,
      saveData: (navigator as { connection?: { saveData?: boolean } }).connection?.saveData,
      deviceMemory: (navigator as { deviceMemory?: number }).deviceMemory,
      hardwareConcurrency: navigator.hardwareConcurrency,
    }));
    const expected = String(networkProfile(signals).imageQuality);
    const variants = workerRequests.filter((url) => url.includes('/api/uploads/'));
    expect(variants.length).toBeGreaterThan(0);
    for (const url of variants) expect(new URL(url).searchParams.get('q')).toBe(expected);
    await context.close();
  });

  it('serves a manifest with what installation needs', async () => {
    const context = await pwaContext();
    const page = await context.newPage();
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await fetch(new URL(href ?? '', site.origin))).json();
    expect(manifest).toMatchObject({
      name: '氛围笔记',
      short_name: '氛围笔记',
      start_url: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#/),
      background_color: expect.stringMatching(/^#/),
    });
    const icons = manifest.icons as Array<{ src: string; sizes: string; purpose?: string }>;
    for (const size of ['192x192', '512x512']) {
      expect(icons.some((icon) => icon.sizes === size && icon.purpose !== 'maskable')).toBe(true);
      expect(icons.some((icon) => icon.sizes === size && icon.purpose === 'maskable')).toBe(true);
    }
    for (const icon of [...icons, ...manifest.screenshots]) {
      const response = await fetch(new URL(icon.src, site.origin));
      expect(response.headers.get('content-type')).toBe('image/png');
    }
    expect(manifest.screenshots.map((shot: { form_factor: string }) => shot.form_factor)).toEqual([
      'narrow',
      'wide',
    ]);
    expect(manifest.shortcuts).toEqual([
      expect.objectContaining({ name: '发布笔记', url: '/create' }),
      expect.objectContaining({ name: '搜索', url: '/search' }),
    ]);

    // Chromium itself finds nothing missing for installation (a test context is incognito,
    // where nothing installs, so that one reason is expected).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
    await context.close();
  });

  it('reads a note opened before, with its images, after going offline', async () => {
    const account = await register(`reader_${stamp}`);
    const list = await (await fetch(`${site.origin}/api/posts?limit=50`)).json();
    const withImages = (list.posts as Array<{ id: string; cover: unknown; title: string }>).find(
      (post) => post.cover,
    );
    expect(withImages).toBeDefined();
    const context = await pwaContext(account);
    const page = await openControlled(context, '/');
    // The second visit is the first the worker sees (and keeps) from the start. The feed's
    // first page comes inside the HTML; what the worker keeps for offline is the app's refresh.
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/posts?sort=recommended')),
      page.reload(),
    ]);
    await page.locator('article').first().waitFor();
    await page.goto(`/post/${withImages?.id}`);
    await page.getByRole('heading', { level: 1, name: withImages?.title }).waitFor();
    const online = await uploadedImagesLoaded(page, 1, NOTE_ARTICLE);
    expect(online).toBeGreaterThan(0);
    await page.getByRole('button', { name: '保存离线阅读' }).click();
    await page.getByRole('button', { name: '已保存离线阅读' }).waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: withImages?.title }).waitFor();
    expect(await uploadedImagesLoaded(page, online, NOTE_ARTICLE)).toBeGreaterThanOrEqual(online);
    await page.getByRole('status').filter({ hasText: '当前处于离线状态' }).waitFor();
    // The profile's 离线阅读 list comes from the worker, with no network.
    const saved = await page.evaluate(async (token) => {
      const response = await fetch('/api/offline/saved', {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await response.json()) as { notes: Array<{ id: string }> };
    }, account.token);
    expect(saved.notes.map((note) => note.id)).toEqual([withImages?.id]);

    // A repeat visit of the home page offline renders it from the worker.
    await page.goto('/');
    await page.locator('article').first().waitFor();
    expect(await uploadedImagesLoaded(page)).toBeGreaterThan(0);
    await context.setOffline(false);
    await context.close();
  });

  it('publishes a note written offline exactly once when the network returns', async () => {
    const account = await register(`writer_${stamp}`);
    const imageFile = path.join(scratch, 'offline.png');
    await sharp({ create: { width: 480, height: 320, channels: 3, background: '#22c55e' } })
      .png()
      .toFile(imageFile);
    const title = `地铁上写的笔记 ${stamp}`;
    const context = await pwaContext(account);
    const page = await openControlled(context, '/create');
    await page.getByLabel('标题').fill(title);
    await page.getByLabel('正文').fill('没有信号的时候写的，联网后自动发出。');
    const category = page.getByLabel('分类');
    await category.selectOption({ index: 1 });

    await context.setOffline(true);
    await page.locator('input[type="file"]').setInputFiles(imageFile);
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const pill = page.getByRole('button', { name: /1 条内容等待发送/ });
    await pill.waitFor();

    await context.setOffline(false);
    await pill.waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByText(`离线时发布的笔记「${title}」已发送`).waitFor();

    const mine = await (
      await fetch(`${site.origin}/api/posts/user/me?limit=50`, {
        headers: { authorization: `Bearer ${account.token}` },
      })
    ).json();
    const sent = (mine.posts as Array<{ title: string; images: unknown[]; cover: unknown }>).filter(
      (post) => post.title === title,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].cover).not.toBeNull();
    await context.close();
  });

  it('offers 有新版本 when a new worker is deployed, and reloads into it on 刷新', async () => {
    const context = await pwaContext();
    const page = await openControlled(context, '/');
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

    // A deploy: the served worker changes by a byte.
    appendFileSync(path.join(webRoot, 'sw.js'), `\n// deploy ${Date.now()}\n`);
    await newWorkerFound(page);
    const prompt = page.getByRole('alert').filter({ hasText: '有新版本' });
    await prompt.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      throw new Error(`no 有新版本 for a new worker: ${await workerStates(page)}`, {
        cause: error,
      });
    });

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: '刷新' }).click();
    await reloaded;
    await page.locator('article').first().waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      firstWorker,
    );
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting),
    ).toBeFalsy();
    await expect(prompt.count()).resolves.toBe(0);
    await context.close();
  });
});
