import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostList } from '../../contract/post';
import { launchBrowser, spinnerWasShown, startSite, watchForPageSpinner } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';

let site: RunningSite;
let browser: Browser;
let feed: PostList;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  feed = (await (
    await fetch(`${site.origin}/api/posts?sort=recommended&page=1&limit=20`)
  ).json()) as PostList;
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const PHONE = { width: 390, height: 844 };

/** The home page as the server sends it, on a phone, with no script running. */
async function homeWithoutScript() {
  const context = await browser.newContext({
    baseURL: site.origin,
    viewport: PHONE,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto('/');
  return { context, page };
}

describe('the home page’s server-drawn first screen', () => {
  it('shows the first row of notes, covers loaded, before any script runs', async () => {
    const { context, page } = await homeWithoutScript();
    const cards = page.locator('article');
    // A phone shows two columns: the other three cards of the row are drawn but hidden.
    await expect(cards.count()).resolves.toBe(5);
    const visible = await cards.evaluateAll((articles) =>
      articles.filter((article) => article.getClientRects().length > 0).map((a) => a.textContent),
    );
    expect(visible).toHaveLength(2);
    expect(visible[0]).toContain(feed.posts[0].title);
    expect(visible[1]).toContain(feed.posts[1].title);
    const hero = page.locator('img[data-first-screen-hero]');
    await expect(
      hero.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
    ).resolves.toBeGreaterThan(0);
    await context.close();
  });

  it('is replaced by the app’s own page, with the same first card in the same place', async () => {
    const withoutScript = await homeWithoutScript();
    const drawnAt = await withoutScript.page.locator('article').first().boundingBox();
    await withoutScript.context.close();

    const context = await browser.newContext({ baseURL: site.origin, viewport: PHONE });
    await context.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await watchForPageSpinner(context);
    const page = await context.newPage();
    await page.goto('/');

    // The app's waterfall holds the whole first page; nothing of the first screen is left.
    await expect
      .poll(() => page.locator('article').count(), { timeout: 15_000 })
      .toBe(feed.posts.length);
    await expect(page.locator('[data-first-screen-hero]').count()).resolves.toBe(0);
    await expect(page.locator('[class*="first-screen-column"]').count()).resolves.toBe(0);
    const first = page.locator('article').first();
    await expect(first.textContent()).resolves.toContain(feed.posts[0].title);
    expect(await first.boundingBox()).toEqual(drawnAt);
    // Nothing moved on the way: not when the page's stylesheets arrived, not when the app took over.
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts).toEqual([]);
    // Nor was the first screen ever swapped for the loading spinner on the way.
    await expect(spinnerWasShown(page)).resolves.toBe(false);
    await context.close();
  });

  it('keeps the same cards on screen while the app refreshes the inlined feed', async () => {
    const context = await browser.newContext({ baseURL: site.origin, viewport: PHONE });
    const page = await context.newPage();
    let releaseRefresh: () => void = () => {};
    const refreshHeld = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const isFeedRefresh = (url: URL) =>
      url.pathname === '/api/posts' && url.searchParams.get('page') === '1';
    await page.route(isFeedRefresh, async (route) => {
      await refreshHeld;
      await route.continue();
    });
    await page.goto('/');

    // The app draws the inlined page at once: no skeletons while its refresh is on the way.
    await expect
      .poll(() => page.locator('article').count(), { timeout: 15_000 })
      .toBe(feed.posts.length);
    await expect(page.locator('[aria-busy="true"]').count()).resolves.toBe(0);
    await page
      .locator('article')
      .first()
      .evaluate((article) => {
        article.dataset.seen = 'before-refresh';
      });

    const refreshed = page.waitForResponse((response) => isFeedRefresh(new URL(response.url())));
    releaseRefresh();
    await refreshed;
    // Two frames: the app has taken in the answer and drawn whatever it changed.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    // Equal notes keep their cards: the element drawn before the refresh is still there.
    await expect(page.locator('article[data-seen="before-refresh"]').count()).resolves.toBe(1);
    await expect(page.locator('article').count()).resolves.toBe(feed.posts.length);
    await context.close();
  });
});
