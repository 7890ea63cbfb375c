import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInContext, startSite } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';
import { siteApi } from '../helpers/e2e-api';
import type { Account, SiteApi } from '../helpers/e2e-api';

/**
 * 举报 end to end: a member reports a comment from the note page, the admin hides it from
 * /admin/reports, the reporter reads the outcome in their notifications, and the comment is
 * gone for the reporter while its author still sees it with the reason.
 */

let site: RunningSite;
let api: SiteApi;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite();
  api = siteApi(site);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.stop();
});

async function signedIn(account: Account, at: string): Promise<Page> {
  const context = await signedInContext(browser, site, account);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(at);
  return page;
}

describe('reporting a comment', () => {
  it('is hidden by the admin and the reporter is told', async () => {
    const [author, reporter, admin] = await Promise.all([
      api.register('rauthor'),
      api.register('rreporter'),
      api.admin(),
    ]);
    const note = await api.publish(author, {
      title: '周末去爬山',
      content: '山顶的风景很好，推荐大家去。',
      categoryId: '1',
    });
    await api.call('POST', `/api/posts/${note.id}/comments`, author.token, {
      content: '加微信领取免费门票',
    });

    // The member reports the comment through the dialog on the note page.
    const page = await signedIn(reporter, `/post/${note.id}`);
    await page.getByText('加微信领取免费门票').waitFor();
    await page.getByRole('button', { name: '举报这条评论' }).click();
    const dialog = page.getByRole('dialog', { name: '举报这条评论' });
    await dialog.getByRole('radio', { name: '垃圾广告' }).check();
    await dialog.getByLabel('补充说明（选填）').fill('评论里在发广告');
    await dialog.getByRole('button', { name: '提交举报' }).click();
    await page.getByText('举报已提交，管理员会尽快处理，结果会通知你').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The admin sees it in the queue with the reporter and hides it.
    const adminPage = await signedIn(admin, '/admin/reports');
    await adminPage.getByRole('heading', { name: '举报处理' }).waitFor();
    const item = adminPage.getByRole('listitem').filter({ hasText: '加微信领取免费门票' });
    await item.getByText('1 人举报').waitFor();
    await item.getByText(`${reporter.user.username} · 垃圾广告：评论里在发广告`).waitFor();
    await item.getByRole('button', { name: '隐藏' }).click();
    await adminPage.getByText('已隐藏该内容').waitFor();
    await adminPage.getByText('没有待处理的举报。').waitFor();

    // The comment is gone for the reporter, and their notification says what happened.
    await page.reload();
    await page.getByText('还没有评论，来说两句吧。').waitFor();
    expect(await page.getByText('加微信领取免费门票', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: /^通知/ }).click();
    await page.getByText('你举报的内容已被隐藏，感谢你的举报').waitFor();

    // Its author still sees it, with the reason.
    const authorPage = await signedIn(author, `/post/${note.id}`);
    await authorPage.getByText('加微信领取免费门票').waitFor();
    await authorPage.getByText('因被举报（垃圾广告）已被管理员隐藏，仅你自己可见').waitFor();
  });
});
