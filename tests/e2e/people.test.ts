import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInContext, startSite } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';
import { siteApi } from '../helpers/e2e-api';
import type { Account, SiteApi } from '../helpers/e2e-api';
import { writePngs } from '../helpers/png-files';

/**
 * Two people in two browsers: A follows B and hears about B's approved note live, A writes to
 * B and B's envelope changes live, B reads it and the badge clears; then feedback with two
 * screenshots. Each case registers its own people, so any one runs alone.
 */

let site: RunningSite;
let api: SiteApi;
let browser: Browser;
const contexts: BrowserContext[] = [];
const shotsDir = mkdtempSync(path.join(tmpdir(), 'vibe-people-'));

beforeAll(async () => {
  site = await startSite();
  api = siteApi(site);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.stop();
  rmSync(shotsDir, { recursive: true, force: true });
});

/** A browser signed in as the account (the stored session the app starts from). */
async function signedIn(account: Account): Promise<Page> {
  const context = await signedInContext(browser, site, account);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: `${account.user.username} 的账号菜单` }).waitFor();
  return page;
}

/** Two new members, each signed in in a browser of their own. */
async function twoPeople() {
  const [a, b] = await Promise.all([api.register('alice'), api.register('bob')]);
  const [pageA, pageB] = await Promise.all([signedIn(a), signedIn(b)]);
  return { a, b, pageA, pageB };
}

const bell = (page: Page) => page.getByRole('button', { name: /^通知/ });
const envelope = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^私信/ });

describe('people in real time', () => {
  it('tells A at once when someone A follows has a note approved', async () => {
    const { b, pageA } = await twoPeople();
    await pageA.goto(`/profile/${b.user.id}`);
    await pageA.getByRole('button', { name: `关注 ${b.user.username}` }).click();
    await pageA.getByRole('button', { name: `取消关注 ${b.user.username}` }).waitFor();
    await pageA.goto('/');
    await expect(bell(pageA).getAttribute('aria-label')).resolves.toBe('通知');

    const note = await api.write(b, {
      title: '实时通知测试笔记',
      content: '关注的人发布新笔记时，粉丝会立刻收到通知。',
      categoryId: '2',
    });
    expect(note.status).toBe('pending');
    await api.approve(note.id);

    // No reload: the stream brings the count.
    await pageA.waitForFunction(
      () => document.querySelector('[aria-label^="通知，1 条未读"]') !== null,
      undefined,
      { timeout: 5000 },
    );
    await bell(pageA).click();
    const panel = pageA.getByRole('dialog', { name: '通知' });
    await panel.getByText('发布了新笔记').waitFor();
    await panel.getByRole('button', { name: /发布了新笔记/ }).click();
    await pageA.waitForURL(`**/post/${note.id}`);
    await expect(bell(pageA).getAttribute('aria-label')).resolves.toBe('通知');
  });

  it('moves B’s envelope badge live when A writes, and clears it when B reads', async () => {
    const { a, b, pageA, pageB } = await twoPeople();
    await expect(envelope(pageB).getAttribute('aria-label')).resolves.toBe('私信');

    await pageA.goto(`/profile/${b.user.id}`);
    // The profile's own 私信 button (the header's envelope has the same name).
    await pageA.getByRole('main').getByRole('button', { name: '私信', exact: true }).click();
    // At this width the panel is the two-pane inbox: the thread is its 聊天记录 pane.
    const thread = pageA
      .getByRole('dialog', { name: '私信' })
      .getByRole('region', { name: '聊天记录' });
    await thread.getByRole('link', { name: `查看 ${b.user.username} 的主页` }).waitFor();
    await thread.getByRole('textbox', { name: '输入私信' }).fill('你好 Bob，这是一条实时私信');
    await thread.getByRole('textbox', { name: '输入私信' }).press('Enter');
    await thread.getByText('你好 Bob，这是一条实时私信').waitFor();

    await pageB.waitForFunction(
      () => document.querySelector('header [aria-label^="私信，1 条未读"]') !== null,
      undefined,
      { timeout: 5000 },
    );

    await envelope(pageB).click();
    const inbox = pageB.getByRole('dialog', { name: '私信' });
    await inbox.getByRole('button', { name: new RegExp(a.user.username) }).click();
    const threadB = inbox.getByRole('region', { name: '聊天记录' });
    await threadB.getByText('你好 Bob，这是一条实时私信').waitFor();
    await pageB.waitForFunction(
      () => document.querySelector('header [aria-label="私信"]') !== null,
      undefined,
      { timeout: 5000 },
    );

    // B answers; A, still in the thread, sees it arrive.
    await threadB.getByRole('textbox', { name: '输入私信' }).fill('收到，谢谢！');
    await threadB.getByRole('button', { name: '发送' }).click();
    await thread.getByText('收到，谢谢！').waitFor({ timeout: 5000 });
  });

  it('sends feedback with two screenshots', async () => {
    const a = await api.register('alice');
    const pageA = await signedIn(a);
    const files = await writePngs(
      shotsDir,
      ['#5b5bf7', '#1f9d55'].map((colour, index) => ({
        name: `shot-${index + 1}.png`,
        width: 64,
        height: 48,
        colour,
      })),
    );
    await pageA.goto('/');
    await pageA.getByRole('contentinfo').getByRole('button', { name: '帮助与反馈' }).click();
    const dialog = pageA.getByRole('dialog', { name: '帮助与反馈' });
    await dialog.getByRole('button', { name: '提交反馈' }).click();
    await dialog.getByText('请描述你遇到的问题或建议').waitFor();

    await dialog.getByText('界面建议').click();
    await dialog.getByLabel('问题描述').fill('夜间模式下通知面板的分隔线有点淡。');
    await expect(dialog.getByText('17/1000').count()).resolves.toBe(1);
    await dialog.locator('input[type="file"]').setInputFiles(files);
    // The previews appear once the files are read, so their count is polled.
    await expect
      .poll(() => dialog.getByRole('img', { name: /截图/ }).count(), { timeout: 10_000 })
      .toBe(2);
    await dialog.getByLabel('联系方式（可选）').fill('alice@example.com');
    await dialog.getByRole('button', { name: '提交反馈' }).click();
    await pageA.getByText('反馈已提交，感谢你的支持').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const admin = await api.admin();
    const list = await api.call<{
      feedback: { type: string; user: { id: string } | null; screenshots: string[] }[];
    }>('GET', '/api/feedback', admin.token);
    const sent = list.feedback.filter((each) => each.user?.id === a.user.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 'ui' });
    expect(sent[0].screenshots).toHaveLength(2);
  });
});
