import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, startSite, storeSession } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';
import { siteApi } from '../helpers/e2e-api';
import type { Account, SiteApi } from '../helpers/e2e-api';

/**
 * Bans end to end: a person whose page is open is signed out the moment an admin bans them
 * (from /admin/users, or from a report in /admin/reports), is told the reason when signing in
 * again, and the reporter hears the outcome.
 */

const PASSWORD = 'moderation12345';
let site: RunningSite;
let browser: Browser;
let api: SiteApi;
let admin: Account;
const contexts: BrowserContext[] = [];

/** A page signed in as the account, opened at `path`, once its live stream is open. */
async function openAs(account: Account, path: string): Promise<Page> {
  const context = await newContext(browser, site);
  contexts.push(context);
  await storeSession(context, account);
  const page = await context.newPage();
  const streaming = page.waitForResponse((response) => response.url().includes('/api/events?'));
  await page.goto(path);
  await streaming;
  return page;
}

/** The page signs itself out without a reload, and signing in again tells the ban's reason. */
async function expectSignedOutAndTold(page: Page, account: Account, reason: string) {
  const login = page.getByRole('dialog', { name: '登录氛围笔记' });
  await login.waitFor();
  await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
  await login.getByLabel('用户名或邮箱').fill(account.user.username);
  await login.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await login.getByRole('button', { name: '登录', exact: true }).click();
  await login.getByText(`你的账号已被封禁，原因：${reason}`).waitFor();
}

/** Fills the ban dialog opened on the admin's page and confirms it. */
async function confirmBan(adminPage: Page, account: Account, reason: string) {
  const dialog = adminPage.getByRole('dialog', { name: `封禁「${account.user.username}」` });
  await dialog.getByLabel('原因（用户会看到）').fill(reason);
  await dialog.getByRole('button', { name: '确认' }).click();
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  api = siteApi(site);
  admin = await api.admin();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.stop();
});

describe('banning', () => {
  it("signs a banned user's open page out live", async () => {
    const member = await api.register('bmember', PASSWORD);
    const page = await openAs(member, '/');
    await page.getByRole('button', { name: `${member.user.username} 的账号菜单` }).waitFor();

    // The admin gets there from the account menu and searches by name.
    const adminPage = await openAs(admin, '/');
    await adminPage.getByRole('button', { name: 'admin 的账号菜单' }).click();
    await adminPage.getByRole('menuitem', { name: '用户管理' }).click();
    await adminPage
      .getByRole('searchbox', { name: '按用户名或邮箱搜索' })
      .fill(member.user.username);
    await adminPage.getByRole('button', { name: '搜索', exact: true }).click();
    await adminPage.waitForURL(/\/admin\/users\?query=/);
    const row = adminPage.getByRole('listitem').filter({ hasText: member.user.username });
    await row.getByRole('button', { name: '封禁' }).click();
    await confirmBan(adminPage, member, '发布违规内容');
    await row.getByText('已封禁').waitFor();

    await expectSignedOutAndTold(page, member, '发布违规内容');
  });

  it('bans the author from the report queue; the author is signed out and the reporter told', async () => {
    const [author, reporter] = await Promise.all([
      api.register('bauthor', PASSWORD),
      api.register('breporter', PASSWORD),
    ]);
    const note = await api.publish(author, {
      title: '周末市集',
      content: '周末的市集很热闹。',
      categoryId: '1',
    });
    const comment = await api.call<{ id: string }>(
      'POST',
      `/api/posts/${note.id}/comments`,
      author.token,
      { content: '低价代购名牌包，私聊我' },
    );
    await api.call('POST', '/api/reports', reporter.token, {
      targetType: 'comment',
      targetId: comment.id,
      reason: '垃圾广告',
    });
    const authorPage = await openAs(author, `/post/${note.id}`);
    const reporterPage = await openAs(reporter, `/post/${note.id}`);
    await reporterPage.getByText('低价代购名牌包，私聊我').waitFor();

    // The admin finds the author in 用户管理 and follows their report count to the queue,
    // limited to what was reported of theirs.
    const adminPage = await openAs(admin, `/admin/users?query=${author.user.username}`);
    await adminPage
      .getByRole('link', { name: `被举报 1：查看「${author.user.username}」被举报的内容` })
      .click();
    await adminPage.waitForURL(`**/admin/reports?authorId=${author.user.id}`);
    await adminPage.getByText(`仅看 ${author.user.username} 的被举报内容`).waitFor();
    const item = adminPage.getByRole('listitem').filter({ hasText: '低价代购名牌包，私聊我' });
    await item.getByRole('button', { name: '封禁账号' }).click();
    await confirmBan(adminPage, author, '多次发布广告');
    await adminPage.getByText('已封禁该账号并隐藏内容').waitFor();
    await adminPage.getByText(`${author.user.username} 没有待处理的举报。`).waitFor();

    await expectSignedOutAndTold(authorPage, author, '多次发布广告');

    // The reporter is told at once, and the comment is gone for them.
    await reporterPage.getByRole('button', { name: /^通知/ }).click();
    await reporterPage.getByText('你举报的账号已被封禁，感谢你的举报').waitFor();
    await reporterPage.reload();
    await reporterPage.getByText('还没有评论，来说两句吧。').waitFor();
    expect(await reporterPage.getByText('低价代购名牌包，私聊我', { exact: true }).count()).toBe(0);

    // The audit log shows both the ban and the report it came from.
    await adminPage.goto('/admin/audit');
    await adminPage.getByText('因举报封禁账号').first().waitFor();
  });
});
