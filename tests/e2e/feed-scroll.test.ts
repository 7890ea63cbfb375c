import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startSite } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';
import { siteApi } from '../helpers/e2e-api';

/** The feed every test scrolls: the demo notes topped up to exactly this many. */
const NOTES = 50;

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMIT: 'off' } });
  browser = await launchBrowser();
  const api = siteApi(site);
  const admin = await api.admin();
  const total = async () => (await api.call<{ total: number }>('GET', '/api/posts?limit=1')).total;
  // An admin's note is published at once; text-only notes keep the cards short, many per screen.
  for (let index = await total(); index < NOTES; index += 1) {
    await api.write(admin, {
      title: `滚动测试笔记 ${index + 1}`,
      content: `第 ${index + 1} 篇，用来数清楚信息流里的每一篇笔记。`,
      categoryId: String(1 + (index % 5)),
    });
  }
  expect(await total()).toBe(NOTES);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));

/**
 * Scrolls like a reader, a screen at a time, until 没有更多了 shows (or far more scrolling
 * than 50 notes need). Each step waits for the next page whenever one was asked for.
 */
async function scrollToEnd(page: Page, flick = false): Promise<void> {
  const end = page.getByText('没有更多了');
  for (let step = 0; step < 60 && !(await end.isVisible()); step += 1) {
    // A flick lands at the very bottom, where the end of the list is on screen while it loads.
    if (flick) await page.keyboard.press('End');
    else await page.mouse.wheel(0, 700);
    await nextFrame(page);
    await page.waitForFunction(() => !document.body.textContent?.includes('正在加载更多'));
  }
}

describe('the home feed scrolled to the end', () => {
  it.each([
    [1024, 768],
    [1440, 900],
    [1920, 1080],
  ])('shows every note and 没有更多了 at %i×%i', async (width, height) => {
    const context = await browser.newContext({
      baseURL: site.origin,
      locale: 'zh-CN',
      viewport: { width, height },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const cursors: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/posts' && url.searchParams.has('cursor')) {
        cursors.push(url.searchParams.get('cursor') ?? '');
      }
    });
    await page.goto('/');
    await page.locator('article').first().waitFor();
    await scrollToEnd(page);
    await expect.poll(() => page.getByText('没有更多了').isVisible()).toBe(true);
    const titles = await page.locator('article h2, article h3').allTextContents();
    expect(new Set(titles).size).toBe(NOTES);
    expect(await page.locator('article').count()).toBe(NOTES);
    // The pages after the first come by cursor: 50 notes at 20 a page.
    expect(cursors).toHaveLength(2);
    await context.close();
  });

  it('does not shift the phone page while the next pages are appended', async () => {
    const context = await browser.newContext({
      baseURL: site.origin,
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    await context.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        }[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({
            value: entry.value,
            sources: (entry.sources ?? []).map((source) => {
              const node = source.node;
              return node instanceof Element
                ? `${node.tagName.toLowerCase()}.${node.className}`
                : String(node?.nodeName);
            }),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('article').first().waitFor();
    // The shifts of loading the page itself are server-rendering.test.ts's; these are the scroll's.
    await nextFrame(page);
    await page.evaluate(() => {
      (window as unknown as { layoutShifts: unknown[] }).layoutShifts.length = 0;
    });
    await scrollToEnd(page, true);
    await expect.poll(() => page.getByText('没有更多了').isVisible()).toBe(true);
    expect(await page.locator('article').count()).toBe(NOTES);
    await nextFrame(page);
    const shifts = await page.evaluate(
      () =>
        (window as unknown as { layoutShifts: { value: number; sources: string[] }[] })
          .layoutShifts,
    );
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    console.info(`layout shift while scrolling at 390×844: ${total.toFixed(4)}`, shifts);
    expect(shifts).toEqual([]);
    await context.close();
  });
});
