import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startSite, storeSession } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';
import { siteApi } from '../helpers/e2e-api';
import type { Account, SiteApi } from '../helpers/e2e-api';

/**
 * Mentions and tags end to end: a member picks a name from the @ suggestions of the comment
 * box and the person named is notified; a tag page lists a note and following the tag brings
 * it into 关注. The tag page and a note's related notes are also photographed on a phone and a
 * desktop, light and dark (SCREENSHOT_DIR, default a temporary folder of the build).
 */

let site: RunningSite;
let browser: Browser;
let api: SiteApi;
const contexts: BrowserContext[] = [];
const stamp = Date.now().toString(36);
const screenshots = process.env.SCREENSHOT_DIR ?? path.resolve('dist', 'screenshots');

/** A published note by `author`; the test gives it a title and, where it matters, tags. */
const publish = (author: Account, fields: { title: string; tags?: string[] }) =>
  api.publish(author, { content: '正文内容。', categoryId: '1', ...fields });

async function signedIn(account: Account | null, at: string, options = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: site.origin,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    serviceWorkers: 'block',
    ...options,
  });
  contexts.push(context);
  if (account) await storeSession(context, account);
  const page = await context.newPage();
  await page.goto(at);
  return page;
}

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  api = siteApi(site);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.stop();
});

describe('mentions', () => {
  it('suggests a name after @, puts it in, and the person named is notified', async () => {
    const [writer, named] = await Promise.all([api.register('写作者'), api.register('被提及的人')]);
    const note = await publish(writer, { title: '提及测试的笔记' });

    const page = await signedIn(writer, `/post/${note.id}`);
    const box = page.getByRole('textbox', { name: '说点什么…' });
    await box.click();
    await box.pressSequentially('谢谢 @被提及');
    const list = page.getByRole('listbox', { name: '提及用户' });
    const option = list.getByRole('option', { name: named.user.username });
    await option.waitFor();
    expect(await option.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: path.join(screenshots, 'mention-suggestions-1440x900.png') });
    await box.press('Enter');
    await list.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe(`谢谢 @${named.user.username} `);
    await box.pressSequentially('快来看');
    await page.getByRole('button', { name: '发送' }).click();
    const link = page.getByRole('link', { name: `@${named.user.username}` });
    await link.waitFor();

    // The mention links to the profile of the person named.
    await link.click();
    await page.waitForURL(`**/profile/${named.user.id}`);

    const namedPage = await signedIn(named, '/');
    await namedPage.getByRole('button', { name: /^通知/ }).click();
    await namedPage.getByText('在评论中提到了你').waitFor();
    await namedPage.getByText(`谢谢 @${named.user.username} 快来看`).waitFor();
  });
});

describe('tags', () => {
  it('lists a note on its tag page, and following the tag brings it into 关注', async () => {
    const [author, reader] = await Promise.all([
      api.register('标签作者'),
      api.register('标签读者'),
    ]);
    const tag = `胶片${stamp}`.slice(0, 20);
    await publish(author, { title: '第一卷胶片', tags: [tag] });

    const page = await signedIn(reader, `/tag/${encodeURIComponent(tag)}`);
    await page.getByRole('heading', { name: `#${tag}` }).waitFor();
    await page.getByRole('link', { name: /第一卷胶片/ }).waitFor();
    await page.getByText('1 篇笔记 · 0 人关注').waitFor();
    await page.getByRole('button', { name: `关注标签 ${tag}` }).click();
    await page.getByText('1 篇笔记 · 1 人关注').waitFor();
    expect(
      await page.getByRole('button', { name: `取消关注标签 ${tag}` }).getAttribute('aria-pressed'),
    ).toBe('true');

    await page.goto('/?category=following');
    await page.getByRole('link', { name: /第一卷胶片/ }).waitFor();

    // The note's own tag links lead back to the tag page.
    await page.getByRole('link', { name: /第一卷胶片/ }).click();
    await page.getByRole('link', { name: `#${tag}` }).click();
    await page.waitForURL(`**/tag/${encodeURIComponent(tag)}`);
  });
});

describe('screens', () => {
  const folder = screenshots;

  it('draws the tag page and related notes on a phone and a desktop, light and dark', async () => {
    mkdirSync(folder, { recursive: true });
    const member = await api.login('林深见鹿');
    const { posts } = await api.call<{ posts: { id: string; tags: string[] }[] }>(
      'GET',
      '/api/posts?limit=50',
    );
    const note = posts.find((post) => post.tags.includes('Rust')) ?? posts[0];
    for (const phone of [true, false]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const size = phone ? '390x844' : '1440x900';
        // The note page is for members (SPEC.md): the photographer is signed in.
        const tagPage = await signedIn(member, `/tag/${encodeURIComponent('编程')}`, {
          viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
          colorScheme,
          reducedMotion: 'reduce',
        });
        await tagPage.getByRole('heading', { name: '#编程' }).waitFor();
        await tagPage.locator('article img').first().waitFor();
        await tagPage.screenshot({ path: path.join(folder, `tag-${size}-${colorScheme}.png`) });

        const notePage = await tagPage.context().newPage();
        await notePage.goto(`/post/${note.id}`);
        const heading = notePage.getByRole('heading', { name: '相关笔记' });
        await notePage.mouse.wheel(0, 20000);
        await heading.waitFor();
        const related = notePage.getByRole('region', { name: '相关笔记' });
        await related.locator('article').first().waitFor();
        await heading.scrollIntoViewIfNeeded();
        expect(await related.locator('article').count()).toBeGreaterThan(0);
        // One region of that name: the heading's block is not a second one.
        expect(await related.count()).toBe(1);
        await notePage.screenshot({
          path: path.join(folder, `related-${size}-${colorScheme}.png`),
        });
      }
    }
  });
});
