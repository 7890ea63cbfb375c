import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostList } from '../../contract/post';
import {
  launchBrowser,
  newContext,
  spinnerWasShown,
  startSite,
  storeSession,
  watchForPageSpinner,
} from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';

let site: RunningSite;
let browser: Browser;
let noteId: string;
let noteTitle: string;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  const feed = (await (await fetch(`${site.origin}/api/posts?limit=20`)).json()) as PostList;
  const withImage = feed.posts.find((post) => post.cover);
  if (!withImage) throw new Error('the demo content has no note with an image');
  noteId = withImage.id;
  noteTitle = withImage.title;
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function register(): Promise<{ token: string; user: unknown }> {
  const username = `np_${Date.now().toString(36)}`;
  const response = await fetch(`${site.origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'load12345' }),
  });
  return (await response.json()) as { token: string; user: unknown };
}

describe('a note page’s first load', () => {
  it('asks for the note once, from the HTML, and downloads its first image once', async () => {
    const context = await newContext(browser, site, true);
    await storeSession(context, await register());
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));

    await page.goto(`/post/${noteId}`);
    const slide = page.locator('[aria-roledescription="slide"] img').first();
    await expect
      .poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);

    const isNoteCall = (request: Request) =>
      new URL(request.url()).pathname === `/api/posts/${noteId}`;
    expect(requests.filter(isNoteCall)).toHaveLength(1);
    // Asked before the app's bundle: the HTML's own script started it.
    const noteCallAt = requests.findIndex(isNoteCall);
    const entryAt = requests.findIndex((request) =>
      /\/assets\/index-[\w-]+\.js$/.test(request.url()),
    );
    expect(entryAt).toBeGreaterThan(-1);
    expect(noteCallAt).toBeLessThan(entryAt);

    const shown = await slide.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(requests.filter((request) => request.url() === shown)).toHaveLength(1);
    await context.close();
  });

  it('comes with the note’s first image and title drawn, which the app redraws in place', async () => {
    const withoutScript = await browser.newContext({
      baseURL: site.origin,
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const drawn = await withoutScript.newPage();
    await drawn.goto(`/post/${noteId}`);
    await expect(drawn.locator('h1').textContent()).resolves.toBe(noteTitle);
    const hero = drawn.locator('img[data-first-screen-hero]');
    await expect(
      hero.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
    ).resolves.toBeGreaterThan(0);
    const drawnAt = await hero.boundingBox();
    await withoutScript.close();

    const context = await newContext(browser, site, true);
    await storeSession(context, await register());
    await watchForPageSpinner(context);
    const page = await context.newPage();
    await page.goto(`/post/${noteId}`);
    // The app's page has replaced the drawn one once the comment box is there.
    await page.getByRole('textbox').first().waitFor({ timeout: 15_000 });
    await expect(page.locator('#first-screen-note').count()).resolves.toBe(0);
    const slide = page.locator('[aria-roledescription="slide"] img').first();
    expect(await slide.boundingBox()).toEqual(drawnAt);
    // The drawn note gave way to the note itself, never to the loading spinner.
    await expect(spinnerWasShown(page)).resolves.toBe(false);
    await context.close();
  });

  it('takes the drawn note away for a visitor before anything is painted', async () => {
    const context = await newContext(browser, site, true);
    const page = await context.newPage();
    // Without the app's bundle only the page's own inline scripts run.
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`/post/${noteId}`);
    await expect(page.locator('#first-screen-note').count()).resolves.toBe(0);
    await expect(page.locator('h1').count()).resolves.toBe(0);
    await context.close();
  });

  it('asks for nothing before the app when no one is signed in', async () => {
    const context = await newContext(browser, site, true);
    const page = await context.newPage();
    const noteCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/posts/${noteId}`) noteCalls.push(request.url());
    });
    await page.goto(`/post/${noteId}`);
    await page.waitForLoadState('networkidle');
    expect(noteCalls).toHaveLength(0);
    await context.close();
  });
});
