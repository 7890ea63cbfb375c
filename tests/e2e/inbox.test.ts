import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStarted, launchBrowser, startSite, storeSession } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';
import { siteApi } from '../helpers/e2e-api';
import type { Account, SiteApi } from '../helpers/e2e-api';

/**
 * The messages inbox: two panes on wide screens (conversations left, the live thread right,
 * usable by keyboard), and SPEC.md's list-then-thread modal on phones.
 */

let site: RunningSite;
let api: SiteApi;
let browser: Browser;
const contexts: BrowserContext[] = [];
let reader: Account;
let bob: Account;
let carol: Account;

const send = (from: Account, to: Account, content: string) =>
  api.call('POST', '/api/messages', from.token, { recipientId: to.user.id, content });

beforeAll(async () => {
  site = await startSite({ seedDemo: false });
  api = siteApi(site);
  browser = await launchBrowser();
  [reader, bob, carol] = await Promise.all([
    api.register('reader'),
    api.register('bob'),
    api.register('carol'),
  ]);
  await send(bob, reader, '你好，我是 Bob');
  await send(carol, reader, '周末一起写代码吗？');
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.stop();
});

async function inboxOf(account: Account, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: site.origin,
    locale: 'zh-CN',
    viewport,
    serviceWorkers: 'block',
  });
  contexts.push(context);
  await storeSession(context, account);
  const page = await context.newPage();
  await page.goto('/');
  await page
    .getByRole('button', { name: `${account.user.username} 的账号菜单` })
    .or(page.getByRole('navigation', { name: '主导航' }))
    .first()
    .waitFor();
  // The page is drawn by the server; its buttons answer once the scripts have started.
  await appStarted(page);
  return page;
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: '私信' });

describe('the inbox at 1440 wide', () => {
  it('shows conversations and the live thread side by side, by keyboard', async () => {
    const page = await inboxOf(reader, { width: 1440, height: 900 });
    await page.getByRole('banner').getByRole('button', { name: /^私信/ }).click();
    const dialog = dialogOf(page);
    const list = dialog.getByRole('navigation', { name: '会话' });
    const thread = dialog.getByRole('region', { name: '聊天记录' });
    await list.getByRole('button', { name: new RegExp(carol.user.username) }).waitFor();
    await thread.getByText('选择一个会话').waitFor();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(900);

    // The newest conversation (Carol's) is first: arrow down to Bob's and open it with Enter.
    await list.getByRole('button').first().focus();
    await page.keyboard.press('ArrowDown');
    const bobsRow = list.getByRole('button', { name: new RegExp(bob.user.username) });
    await expect(bobsRow.evaluate((element) => element === document.activeElement)).resolves.toBe(
      true,
    );
    await page.keyboard.press('Enter');
    await thread.getByText('你好，我是 Bob').waitFor();
    await expect(bobsRow.getAttribute('aria-current')).resolves.toBe('true');
    // The list stays beside the thread, and there is no 返回 there.
    await list.getByRole('button', { name: new RegExp(carol.user.username) }).waitFor();
    await expect(thread.getByRole('button', { name: '返回会话列表' }).count()).resolves.toBe(0);

    // Send by keyboard: Tab reaches the composer; Enter sends; the thread and the list show it.
    const input = thread.getByRole('textbox', { name: '输入私信' });
    const inputFocused = () => input.evaluate((element) => element === document.activeElement);
    for (let presses = 0; presses < 6 && !(await inputFocused()); presses += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(inputFocused()).resolves.toBe(true);
    await page.keyboard.type('收到，周末见');
    await page.keyboard.press('Enter');
    await thread.getByText('收到，周末见').waitFor();
    await list.getByText('我：收到，周末见').waitFor();

    // Live: a new message from Bob lands in the open thread; one from Carol updates the list.
    await send(bob, reader, '那就说定了');
    await thread.getByText('那就说定了').waitFor();
    await send(carol, reader, '我也来');
    await list.getByText('我也来').waitFor();
    await expect(thread.getByText('我也来').count()).resolves.toBe(0);

    // Carol's row now has an unread count; opening it clears it and shows her thread.
    const carolsRow = list.getByRole('button', { name: new RegExp(carol.user.username) });
    await carolsRow.getByText(/条未读/).waitFor({ state: 'attached' });
    await carolsRow.click();
    await thread.getByText('周末一起写代码吗？').waitFor();
    await expect(carolsRow.getByText(/条未读/).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('the inbox at 390 wide', () => {
  it('keeps the list-then-thread modal with a back button', async () => {
    const page = await inboxOf(reader, { width: 390, height: 844 });
    await page
      .getByRole('navigation', { name: '主导航' })
      .getByRole('link', { name: /^消息/ })
      .click();
    const dialog = dialogOf(page);
    const bobsRow = dialog.getByRole('button', { name: new RegExp(bob.user.username) });
    await bobsRow.waitFor();
    await expect(dialog.getByRole('navigation', { name: '会话' }).count()).resolves.toBe(0);
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);

    await bobsRow.click();
    await dialog.getByText('你好，我是 Bob').waitFor();
    await expect(bobsRow.count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: '返回会话列表' }).click();
    await bobsRow.waitFor();
  });

  it('sends /messages to the home page with the panel open (SPEC.md section 2)', async () => {
    const page = await inboxOf(reader, { width: 390, height: 844 });
    await page.goto('/messages');
    await page.waitForURL((url) => url.pathname === '/');
    await dialogOf(page).waitFor();
  });
});
