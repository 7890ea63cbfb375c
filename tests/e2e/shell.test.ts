import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, startSite } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ seedDemo: false });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const username = `e2e_${Date.now().toString(36)}`;
const password = 'shell12345';

const accountMenu = (page: Page) => page.getByRole('button', { name: `${username} 的账号菜单` });

async function logOut(page: Page) {
  await accountMenu(page).click();
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('menuitem', { name: '退出登录' }).click(),
  ]);
  await page.getByRole('button', { name: '登录', exact: true }).waitFor();
}

describe('app shell', () => {
  it('registers, signs out, signs in through the modal and guards pages', async () => {
    const context = await newContext(browser, site);
    const page = await context.newPage();

    // Register through /register: the form checks its input before sending.
    await page.goto('/register');
    await page.getByLabel('用户名').fill(username);
    await page.getByLabel('邮箱').fill(`${username}@example.com`);
    await page.getByLabel('密码', { exact: true }).fill('short');
    await page.getByLabel('确认密码').fill('short');
    await page.getByRole('button', { name: '注册' }).click();
    await expect(
      page.getByText('密码需为 8–64 个字符，且同时包含字母和数字').isVisible(),
    ).resolves.toBe(true);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByLabel('确认密码').fill(password);
    await page.getByRole('button', { name: '注册' }).click();
    await accountMenu(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(accountMenu(page).textContent()).resolves.toContain(username);

    // Log out, then back in through the modal (a wrong password first).
    await logOut(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '登录氛围笔记' });
    await dialog.getByLabel('用户名或邮箱').fill(username);
    await dialog.getByLabel('密码', { exact: true }).fill('wrong-pass-1');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await dialog.getByText('密码错误').waitFor();
    await dialog.getByLabel('密码', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await accountMenu(page).waitFor();

    // A signed-in member who is not an admin is sent home from the admin pages.
    await page.goto('/admin/posts/review');
    await page.waitForURL((url) => url.pathname === '/');
    await accountMenu(page).waitFor();
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: '个人中心' }).waitFor();
    await expect(page.getByRole('menuitem', { name: '审核管理' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    // Signed out, a protected page opens the login modal over the home page.
    await logOut(page);
    await page.goto('/create');
    await page.getByRole('dialog', { name: '登录氛围笔记' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await context.close();
  });

  it('returns to the note named by /login?from= after signing in', async () => {
    const reader = `r_${Date.now().toString(36)}`;
    const registered = await fetch(`${site.origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: reader, email: `${reader}@example.com`, password }),
    });
    expect(registered.status).toBe(200);
    const context = await newContext(browser, site);
    const page = await context.newPage();
    await page.goto('/login?from=/post/12345');
    const dialog = page.getByRole('dialog', { name: '登录氛围笔记' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await dialog.getByLabel('用户名或邮箱').fill(reader);
    await dialog.getByLabel('密码', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/post/12345');
    await context.close();
  });

  it('shows the 404 page with robots noindex for an unknown path', async () => {
    const context = await newContext(browser, site);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '页面不存在' }).waitFor();
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe(
      'noindex',
    );
    await expect(page.title()).resolves.toContain('页面不存在');
    await context.close();
  });

  it('shows a person found by search whole on a phone, the follow button on the screen', async () => {
    const context = await newContext(browser, site, true);
    const page = await context.newPage();
    const name = `card_${Date.now().toString(36)}`;
    const registered = await page.request.post('/api/auth/register', {
      data: { username: name, email: `${name}@example.com`, password },
    });
    expect(registered.ok()).toBe(true);
    const { token } = (await registered.json()) as { token: string };
    // A bio longer than the card: it is cut with an ellipsis, not the card widened past the screen.
    const profiled = await page.request.put('/api/auth/me', {
      headers: { authorization: `Bearer ${token}` },
      data: { bio: '产品经理，周末在咖啡馆里折腾小项目，也写一点前端和摄影的笔记。' },
    });
    expect(profiled.ok()).toBe(true);
    await page.goto(`/search?search=${name}`);
    const card = page.getByRole('listitem').filter({ hasText: name });
    const follow = card.getByRole('button', { name: '关注' });
    await follow.waitFor();
    const box = await follow.boundingBox();
    expect(box && Math.round(box.x + box.width)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('lays out for phones with the tab bar and a bottom-sheet login', async () => {
    const context = await newContext(browser, site, true);
    const page = await context.newPage();
    await page.goto('/');
    const tabs = page.getByRole('navigation', { name: '主导航' });
    await tabs.waitFor();
    await expect(page.getByRole('combobox', { name: '搜索笔记' }).isVisible()).resolves.toBe(false);
    // Tapped at once: on a phone the scripts start after the first paint, and before they run
    // the tab is a link to /login, which opens the same sheet.
    await tabs.getByRole('link', { name: '我' }).click();
    const sheet = page.getByRole('dialog', { name: '登录氛围笔记' });
    await sheet.waitFor();
    // The sheet rises into place and then sits on the bottom edge.
    await expect
      .poll(async () => {
        const box = await sheet.boundingBox();
        return box && Math.round(box.y + box.height);
      })
      .toBe(844);
    await context.close();
  });
});
