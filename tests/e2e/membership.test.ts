import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newContext,
  signedInContext,
  startSite,
  watchWhatCovers,
} from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';
import { siteApi } from '../helpers/e2e-api';
import type { Account, SiteApi } from '../helpers/e2e-api';

/** Each case registers its own reader and publishes its own paid notes, so any one runs alone. */

let site: RunningSite;
let api: SiteApi;
let browser: Browser;

const stamp = Date.now().toString(36);

/** Words only the paid part of a note holds, so a page that shows them shows the paid part. */
const SECRET = `付费正文-${stamp}`;

/** A paid note by a demo author, approved by the admin: free preview first, paid part last. */
async function publishPaidNote(authorName: string, title: string, price: number) {
  const author = await api.login(authorName);
  const { categories } = await api.call<{ categories: { id: string }[] }>('GET', '/api/categories');
  const preview = '这一段是免费预览：先讲清楚问题是什么，为什么值得花时间。';
  const filler = Array.from(
    { length: 6 },
    (_, index) => `第 ${index + 1} 步：${'细节说明。'.repeat(12)}`,
  );
  const note = await api.publish(author, {
    title,
    content: [preview, ...filler, `${SECRET}：完整的提示词模板和复盘都在这里。`].join('\n\n'),
    categoryId: categories[0].id,
    tags: ['付费'],
    price,
  });
  return { id: note.id, preview };
}

const signedIn = (session: Account) => signedInContext(browser, site, session);

/** The sandbox's own cashier: check the amount, then 确认支付. */
async function payInSandbox(page: Page, amount: string) {
  const cashier = page.getByRole('dialog', { name: '模拟支付' });
  await cashier.waitFor();
  await expect(cashier.textContent()).resolves.toContain(amount);
  await cashier.getByRole('button', { name: '确认支付' }).click();
  await cashier.waitFor({ state: 'detached' });
}

// The note's own article: related notes below it are articles too, and may arrive first.
const noteBody = (page: Page) => page.locator('article', { has: page.locator('h1') });

beforeAll(async () => {
  site = await startSite();
  api = siteApi(site);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('membership and paid notes', () => {
  it('shows the preview and price, sells the note through the sandbox, then shows all of it', async () => {
    const title = `提示词工程实战 ${stamp}`;
    const [reader, bought] = await Promise.all([
      api.register('buyer'),
      publishPaidNote('林深见鹿', title, 9.9),
    ]);
    const context = await signedIn(reader);
    const page = await context.newPage();
    await page.goto(`/post/${bought.id}`);

    const paywall = page.getByRole('region', { name: '付费笔记' });
    await paywall.waitFor();
    // Opened in the app (not drawn by the server), the body waits for the Markdown renderer.
    await expect.poll(() => noteBody(page).textContent()).toContain(bought.preview);
    await expect(noteBody(page).textContent()).resolves.not.toContain(SECRET);
    await expect(paywall.textContent()).resolves.toContain('¥9.90');
    await expect(
      paywall.getByRole('link', { name: /开通会员/ }).getAttribute('href'),
    ).resolves.toBe('/membership');

    await paywall.getByRole('button', { name: '购买全文，9.90 元' }).click();
    await payInSandbox(page, '9.90');

    // The note is read again at once: the paid part is there, the card is gone.
    await page.getByText(SECRET).first().waitFor();
    await expect(paywall.count()).resolves.toBe(0);
    await page.getByText(/^已购买/).waitFor();
    const record = await page.evaluate(
      ([userId, postId]) =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('vibe-paid-posts');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result
              .transaction('records')
              .objectStore('records')
              .get(`post_paid_${userId}_${postId}`);
            read.onsuccess = () => resolve(read.result);
          };
        }),
      [reader.user.id, bought.id] as const,
    );
    expect(record).toBe('true');

    // The author sees the sale on their profile.
    const author = await api.login('林深见鹿');
    const sales = await api.call<{ items: { postId: string; salesCount: number }[] }>(
      'GET',
      '/api/payments/sales',
      author.token,
    );
    expect(sales.items.find((item) => item.postId === bought.id)?.salesCount).toBe(1);
    const authorContext = await signedIn(author);
    const authorPage = await authorContext.newPage();
    await authorPage.goto('/profile?tab=sales');
    const row = authorPage.getByRole('row', { name: new RegExp(title) });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('¥9.90');
    await authorContext.close();
    await context.close();
  });

  it('buys a month of membership: the badge and end date appear, other paid notes open', async () => {
    const [reader, other] = await Promise.all([
      api.register('member'),
      publishPaidNote('代码诗人', `Rust 所有权图解 ${stamp}`, 6),
    ]);
    const context = await signedIn(reader);
    const page = await context.newPage();
    await page.goto('/membership');
    await page.getByText('未开通').waitFor();
    await page.getByRole('button', { name: '立即开通：月度会员，18 元' }).click();
    await payInSandbox(page, '18');
    // From here on nothing may take a click meant for the account menu: neither the cashier
    // fading out nor the toast of the purchase sliding in.
    const menu = page.getByRole('button', { name: `${reader.user.username} 的账号菜单` });
    const covers = await watchWhatCovers(page, menu);

    await page.getByText('会员生效中').waitFor();
    await page
      .getByText(/会员有效期至 \d{4}年\d{1,2}月\d{1,2}日/)
      .first()
      .waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(stored).toMatchObject({ isPremium: true });
    expect(new Date(stored.premiumEndDate).getTime()).toBeGreaterThan(
      Date.now() + 29 * 24 * 3600 * 1000,
    );

    // The header shows the badge at once, and the menu says 会员 and the 氛围值.
    await menu.locator('[title^="会员"]').waitFor();
    // Until the cashier has gone and the toast has come in.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const toast = page.getByRole('status').filter({ hasText: '会员开通成功' });
    // (An animation replaced on the way ends its `finished` as aborted.)
    await toast.evaluate((element) =>
      Promise.allSettled(
        (element.parentElement ?? element)
          .getAnimations({ subtree: true })
          .map((animation) => animation.finished),
      ),
    );
    await expect(covers()).resolves.toEqual([]);
    await menu.click();
    const summary = page.getByRole('menu');
    await expect(summary.textContent()).resolves.toMatch(/会员.*氛围值 \d+/);
    await page.keyboard.press('Escape');

    // Another author's paid note now opens in full, without buying it.
    await page.goto(`/post/${other.id}`);
    await page.getByText(SECRET).first().waitFor();
    await expect(page.getByRole('region', { name: '付费笔记' }).count()).resolves.toBe(0);
    await page.getByText('会员免费阅读').waitFor();
    await context.close();
  });

  it('explains the atmosphere rules on /help', async () => {
    const context = await newContext(browser, site, true);
    const page = await context.newPage();
    await page.goto('/help#atmosphere');
    const rules = page.getByRole('region', { name: '氛围值规则' });
    await rules.waitFor();
    await rules.getByText('每日登录').waitFor();
    await expect(rules.textContent()).resolves.toContain('每天最多');
    await context.close();
  });
});
