import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startSite, storeSession } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';

/**
 * What a reader meets at the edges of offline use, in a real Chromium with the service worker
 * running and the context taken offline: an image chosen offline waits, a note never opened
 * says it was not saved, search says it needs the network, 我的笔记 shows what waits in the
 * outbox, and nothing polls the server while there is no network.
 */
let site: RunningSite;
let browser: Browser;
let scratch: string;

const stamp = Date.now().toString(36);
let accounts = 0;

interface Account {
  token: string;
  user: { id: string; username: string };
}

async function register(): Promise<Account> {
  const name = `edge_${stamp}_${++accounts}`;
  const response = await fetch(`${site.origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'edges12345' }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Account;
}

async function signedInContext(account: Account, serviceWorkers: 'allow' | 'block' = 'allow') {
  const context = await browser.newContext({
    baseURL: site.origin,
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    serviceWorkers,
  });
  await storeSession(context, account);
  return context;
}

async function openControlled(context: BrowserContext, pagePath: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(pagePath);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });
  return page;
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

async function imageFile(name: string): Promise<string> {
  const file = path.join(scratch, name);
  await sharp({ create: { width: 400, height: 300, channels: 3, background: '#f97316' } })
    .png()
    .toFile(file);
  return file;
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'vibe-offline-edges-'));
  site = await startSite({ env: { RATE_LIMIT: 'off' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('offline edges', () => {
  it('shows an image chosen offline as waiting, and uploads it when the network returns', async () => {
    const context = await signedInContext(await register());
    const page = await openControlled(context, '/create');
    await page.getByLabel('标题').waitFor();
    await goOffline(context, page);
    await page.locator('input[type="file"]').setInputFiles(await imageFile('waiting.png'));

    const bar = page.getByRole('progressbar', { name: 'waiting.png' });
    await expect.poll(() => bar.getAttribute('aria-valuetext')).toBe('等待联网后上传');
    await page.getByText('等待联网后上传', { exact: true }).waitFor();
    expect(await page.getByText('上传失败').count()).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: '上传' }).count()).toBe(0);

    const uploaded = page.waitForResponse(
      (response) => response.url().endsWith('/api/posts/upload') && response.status() === 200,
    );
    await context.setOffline(false);
    await uploaded;
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('100');
    await context.close();
  });

  it('says a note never opened was not saved for offline reading', async () => {
    const list = await (await fetch(`${site.origin}/api/posts?limit=50`)).json();
    const never = (list.posts as Array<{ id: string }>).at(-1);
    const context = await signedInContext(await register());
    const page = await openControlled(context, '/');
    await goOffline(context, page);
    await page.goto(`/post/${never?.id}`);
    await page.getByText('这篇笔记还没有离线保存').waitFor();
    await page.getByRole('link', { name: '查看离线阅读' }).waitFor();
    expect(await page.getByText('加载失败').count()).toBe(0);
    await context.setOffline(false);
    await context.close();
  });

  it('says search needs the network and offers the history and the saved notes', async () => {
    const list = await (await fetch(`${site.origin}/api/posts?limit=5`)).json();
    const saved = (list.posts as Array<{ id: string; title: string }>)[0];
    const context = await signedInContext(await register());
    const page = await openControlled(context, `/post/${saved.id}`);
    await page.getByRole('button', { name: '保存离线阅读' }).click();
    await page.getByRole('button', { name: '已保存离线阅读' }).waitFor();
    // Two earlier searches, as the search box stores them (IndexedDB, latest first).
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('vibe-search-history', 1);
          open.onupgradeneeded = () => open.result.createObjectStore('history');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('history', 'readwrite');
            tx.objectStore('history').put(['向量数据库', '提示词'], 'terms');
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
          };
        }),
    );

    await goOffline(context, page);
    const searches: string[] = [];
    context.on('request', (request) => {
      if (request.url().includes('/api/posts?') && request.url().includes('search=')) {
        searches.push(request.url());
      }
    });
    await page.goto('/search?search=AI');
    await page.getByText('搜索需要联网').waitFor();
    const history = page.getByRole('navigation', { name: '搜索记录' });
    await history.getByRole('link', { name: '向量数据库' }).waitFor();
    await history.getByRole('link', { name: '提示词' }).waitFor();
    const savedList = page.getByRole('region', { name: '离线阅读' });
    await savedList.getByText(saved.title).waitFor();
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
    expect(searches).toEqual([]);
    await context.setOffline(false);
    await context.close();
  });

  it('lists a note published offline in 我的笔记, marked as waiting to be sent', async () => {
    const context = await signedInContext(await register());
    const page = await openControlled(context, '/create');
    const title = `车上写的笔记 ${stamp}`;
    await page.getByLabel('标题').fill(title);
    await page.getByLabel('正文').fill('等有信号了再发出去。');
    await page.getByLabel('分类').selectOption({ index: 1 });
    // Cached for the offline visit of the profile below.
    await page.evaluate(() => fetch('/api/auth/me'));
    await goOffline(context, page);
    await page.locator('input[type="file"]').setInputFiles(await imageFile('outbox.png'));
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/profile');
    const waiting = page.getByRole('region', { name: '等待发送的笔记' });
    await waiting.getByText(title).waitFor();
    await waiting.getByText('等待联网后发送').waitFor();
    expect(await waiting.locator('img').count()).toBe(1);
    await context.setOffline(false);
    await context.close();
  });

  it('polls neither the event ticket nor the unread counts offline, and resumes at once', async () => {
    const context = await signedInContext(await register(), 'block');
    await context.clock.install();
    const polls: Array<{ url: string; at: number }> = [];
    const isPoll = (request: Request) =>
      request.url().includes('/api/events/ticket') || request.url().includes('/unread-count');
    context.on('request', (request) => {
      if (isPoll(request)) polls.push({ url: request.url(), at: Date.now() });
    });
    const page = await context.newPage();
    const ticket = page.waitForRequest((request) => request.url().includes('/api/events/ticket'));
    await page.goto('/');
    await ticket;
    await expect.poll(() => polls.some((poll) => poll.url.includes('/unread-count'))).toBe(true);

    await goOffline(context, page);
    const whileOnline = polls.length;
    // Eleven minutes offline: the 60 s polling and the stream's reconnects would have run.
    for (let minute = 0; minute < 11; minute++) await page.clock.fastForward('01:00');
    expect(polls.slice(whileOnline)).toEqual([]);

    const backAt = Date.now();
    const resumed = Promise.all([
      page.waitForRequest((request) => request.url().includes('/api/events/ticket')),
      page.waitForRequest((request) => request.url().includes('/api/notifications/unread-count')),
      page.waitForRequest((request) => request.url().includes('/api/messages/unread-count')),
    ]);
    await context.setOffline(false);
    await resumed;
    // At once: within seconds of the network returning, without any timer having to fire.
    expect(Date.now() - backAt).toBeLessThan(5_000);
    await context.close();
  });
});
