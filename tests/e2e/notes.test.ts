import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, signedInContext, startSite } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';
import { siteApi } from '../helpers/e2e-api';
import type { SiteApi } from '../helpers/e2e-api';
import { writePngs } from '../helpers/png-files';

/** Each case writes its own note through the API (or the editor), so any one runs alone. */

let site: RunningSite;
let api: SiteApi;
let browser: Browser;
let imageDir: string;

const stamp = Date.now().toString(36);
const password = 'notes12345';

const cardOf = (page: Page, title: string) => page.locator('article').filter({ hasText: title });
const uploadedTiles = (page: Page) => page.locator('[role="progressbar"][aria-valuenow="100"]');

/** A note by a new member, waiting for review. */
async function pendingNote(title: string) {
  const author = await api.register('notes');
  return api.write(author, {
    title,
    content: '用 **React** 写了一个番茄钟。',
    categoryId: '2',
    tags: ['效率'],
  });
}

beforeAll(async () => {
  imageDir = mkdtempSync(path.join(tmpdir(), 'vibe-notes-e2e-'));
  site = await startSite();
  api = siteApi(site);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(imageDir, { recursive: true, force: true });
});

describe('notes', () => {
  it('publishes a note with two images, keeping the draft across a reload', async () => {
    const author = `作者${stamp.slice(-6)}`;
    const title = `番茄钟小记 zq${stamp}`;
    const card = (page: Page) => cardOf(page, title);
    const images = await writePngs(imageDir, [
      { name: 'wide.png', width: 640, height: 400, colour: '#5b5bf7' },
      { name: 'tall.png', width: 400, height: 600, colour: '#f97316' },
    ]);
    const context = await newContext(browser, site);
    const page = await context.newPage();
    // Reloading with unsaved changes asks first; the test answers "leave".
    page.on('dialog', (dialog) => void dialog.accept());

    await page.goto('/register');
    await page.getByLabel('用户名').fill(author);
    await page.getByLabel('邮箱').fill(`n${stamp}@example.com`);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByLabel('确认密码').fill(password);
    await page.getByRole('button', { name: '注册' }).click();
    await page.getByRole('button', { name: `${author} 的账号菜单` }).waitFor();

    await page.goto('/create');
    await page.waitForURL(/\/create\?draft=/);
    await page.getByTestId('image-input').setInputFiles(images);
    await expect.poll(() => uploadedTiles(page).count()).toBe(2);
    await page.getByLabel('标题', { exact: true }).fill(title);
    await page
      .getByLabel('正文', { exact: true })
      .fill('用 **React** 写了一个番茄钟。\n\n```ts\nconst minutes = 25;\n```');
    await page.getByLabel('分类', { exact: true }).selectOption({ label: '编程' });
    await page.getByLabel('标签', { exact: true }).fill('效率');
    await page.getByLabel('标签', { exact: true }).press('Enter');
    await page.getByText('已保存到本机').or(page.getByText('已同步到云端')).first().waitFor();

    // Everything typed and uploaded is still there after a reload (a real one: the mark goes).
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    await page.reload();
    await expect(page.evaluate(() => 'beforeReload' in window)).resolves.toBe(false);
    await expect.poll(() => page.getByLabel('标题', { exact: true }).inputValue()).toBe(title);
    await expect.poll(() => uploadedTiles(page).count()).toBe(2);
    // The categories arrive with their own request: the restored choice shows once they have.
    await expect.poll(() => page.getByLabel('分类', { exact: true }).inputValue()).not.toBe('');
    await page.getByText('#效率').waitFor();

    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.waitForURL(/\/post\/\d+$/);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('这篇笔记正在审核中').waitFor();
    await expect(page.locator('pre code .hljs-keyword').first().textContent()).resolves.toBe(
      'const',
    );

    // Pending in the author's own list, with its badge; the draft is gone.
    await page.goto('/profile');
    await card(page).getByText('待审核').waitFor();
    await page.getByRole('tab', { name: '草稿' }).click();
    await page.getByText('还没有草稿').waitFor();
    await context.close();
  });

  it('lets an admin approve it, after which home and search find it', async () => {
    const word = `zr${stamp}`;
    const title = `待审核的番茄钟 ${word}`;
    const card = (page: Page) => cardOf(page, title);
    await pendingNote(title);

    const admin = await signedInContext(browser, site, await api.admin());
    const page = await admin.newPage();
    await page.goto('/admin/posts/review');
    const item = page.getByRole('listitem').filter({ hasText: title });
    await item.getByRole('button', { name: '通过' }).click();
    await page.getByText('已通过审核').waitFor();
    await item.waitFor({ state: 'detached' });
    await admin.close();

    const visitor = await newContext(browser, site);
    const home = await visitor.newPage();
    await home.goto('/');
    await card(home).waitFor();
    await home.getByRole('combobox', { name: '搜索笔记' }).fill(word);
    await home.getByRole('combobox', { name: '搜索笔记' }).press('Enter');
    await home.waitForURL(/\/search\?search=/);
    await home.getByText('找到 1 篇相关笔记').waitFor();
    await card(home).waitFor();
    // The searched word is marked in the result's title.
    expect(await card(home).locator('h2 mark').textContent()).toBe(word);
    await visitor.close();
  });

  it('lets another member like, favorite and comment it', async () => {
    const title = `可以收藏的番茄钟 zs${stamp}`;
    const { id } = await pendingNote(title);
    await api.approve(id);

    const reader = await signedInContext(browser, site, await api.login('林深见鹿'));
    const page = await reader.newPage();
    await page.goto(`/post/${id}`);
    await page.getByRole('heading', { name: title }).waitFor();

    await page.getByRole('button', { name: '点赞' }).click();
    await page.getByRole('button', { name: '取消点赞' }).waitFor();
    await page.getByRole('button', { name: '收藏' }).click();
    await page.getByRole('button', { name: '取消收藏' }).waitFor();

    await page.getByLabel('说点什么…').fill('番茄钟很实用，收藏了！');
    await page.getByRole('button', { name: '发送' }).click();
    await page.getByText('评论已发布').waitFor();
    await page.getByRole('heading', { name: '共 1 条评论' }).waitFor();

    // The server kept all three.
    await page.reload();
    await page.getByRole('button', { name: '取消点赞' }).waitFor();
    await page.getByRole('button', { name: '取消收藏' }).waitFor();
    await page.getByText('番茄钟很实用，收藏了！').waitFor();
    await expect(
      page.getByRole('button', { name: '取消点赞' }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');

    await page.goto('/profile?tab=favorites');
    await cardOf(page, title).waitFor();
    await reader.close();
  });
});
