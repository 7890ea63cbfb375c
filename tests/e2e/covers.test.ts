import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInContext, startSite } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';
import { siteApi } from '../helpers/e2e-api';

/** The editor's 用标题生成封面: one click gives a note without pictures a cover. */
let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMIT: 'off' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('generated covers in the editor', () => {
  it('adds a cover drawn from the title with one click, and the note is saved with it', async () => {
    const account = await siteApi(site).register('cover');
    const context = await signedInContext(browser, site, account, true);
    const page = await context.newPage();
    await page.goto('/create');

    const button = page.getByRole('button', { name: '用标题生成封面' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    const title = '一个人的周末，也可以很丰富';
    await page.getByLabel('标题').fill(title);
    const generated = page.waitForResponse((response) =>
      response.url().endsWith('/api/posts/cover'),
    );
    await button.click();
    const image = (await (await generated).json()) as { url: string; width: number };
    expect(image.url).toMatch(/^\/api\/uploads\/.+\.jpg$/);

    const tile = page.getByRole('listitem').filter({ hasText: '封面' });
    await tile.locator(`img[src*="${image.url}"]`).waitFor();
    await page.waitForFunction(
      (url) =>
        [...document.images].some(
          (img) => img.src.includes(url) && img.complete && img.naturalWidth > 0,
        ),
      image.url,
    );
    expect(await button.count()).toBe(0);

    await page.getByLabel('正文').fill('周末的安排：读书、散步、做饭。');
    await page.getByLabel('分类').selectOption({ index: 1 });
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/post/'));
    const id = new URL(page.url()).pathname.split('/').pop();
    const note = await (
      await fetch(`${site.origin}/api/posts/${id}`, {
        headers: { authorization: `Bearer ${account.token}` },
      })
    ).json();
    expect(note.title).toBe(title);
    expect(note.cover.url).toBe(image.url);
    await context.close();
  });
});
