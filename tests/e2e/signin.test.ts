import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import type { CurrentUser } from '../../contract/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeWechat } from '../fakes/fake-wechat';
import type { FakeWechat } from '../fakes/fake-wechat';
import { startSmtpInbox } from '../fakes/smtp-inbox';
import type { SmtpInbox } from '../fakes/smtp-inbox';
import { codeResendKey } from '../../server/modules/phone/verification-codes.ts';
import { appStarted, launchBrowser, newContext, startSite } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';

/**
 * Every way in, end to end in Chromium against the real server: phone registration and login
 * with codes read from the development SMS provider's log, WeChat QR login through a fake
 * WeChat on loopback, and a password reset mailed through a real SMTP server on loopback.
 */

/** The phone test reaches into the site's counters, which live in Redis when it is given. */
const redisUrl = process.env.TEST_REDIS_URL;
const redisPrefix = `vibe-signin-${randomBytes(6).toString('hex')}`;

let site: RunningSite;
let browser: Browser;
let wechat: FakeWechat;
let inbox: SmtpInbox;

beforeAll(async () => {
  [wechat, inbox] = await Promise.all([startFakeWechat(), startSmtpInbox()]);
  site = await startSite({
    seedDemo: false,
    env: {
      ...wechat.env,
      SMTP_URL: inbox.url,
      ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix } : {}),
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  if (redisUrl) {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${redisPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
  await wechat?.close();
  await inbox?.close();
});

const stamp = () => Date.now().toString(36).slice(-6);
/** vi.waitFor gives up after 1 s by default; a busy machine needs longer for a round trip. */
const patiently = { timeout: 10_000, interval: 100 };
const password = 'signin12345';
const loginDialog = (page: Page) => page.getByRole('dialog', { name: '登录氛围笔记' });
const accountMenu = (page: Page, username: string) =>
  page.getByRole('button', { name: `${username} 的账号菜单` });

/** A mainland number no other test uses. */
function freshPhone(): string {
  return `139${String(Date.now() % 1e8).padStart(8, '0')}`;
}

/** The codes the development SMS provider wrote to the server log for a number, in order. */
function loggedCodes(phone: string): string[] {
  const codes: string[] = [];
  for (const line of site.logs) {
    if (!line.includes('"sms"')) continue;
    try {
      const entry = JSON.parse(line) as { sms?: { phone?: string; code?: string } };
      if (entry.sms?.phone === phone && entry.sms.code) codes.push(entry.sms.code);
    } catch {
      // A line that is not JSON (a warning on stderr) carries no code.
    }
  }
  return codes;
}

async function nthCode(phone: string, count: number): Promise<string> {
  return vi.waitFor(() => {
    const codes = loggedCodes(phone);
    if (codes.length < count) throw new Error(`no code number ${count} for ${phone} yet`);
    return codes[count - 1]!;
  }, patiently);
}

/**
 * One code a minute per number, counted in the site's attempt store: instead of waiting that
 * minute, the test empties the number's once-a-minute counter in the site's Redis.
 */
async function allowNextCode(phone: string) {
  const redis = new Redis(redisUrl!);
  try {
    await redis.del(`${redisPrefix}:attempts:${codeResendKey(phone)}`);
  } finally {
    await redis.quit();
  }
}

async function logOut(page: Page, username: string) {
  await accountMenu(page, username).click();
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('menuitem', { name: '退出登录' }).click(),
  ]);
  await page.getByRole('button', { name: '登录', exact: true }).waitFor();
}

async function openLogin(page: Page) {
  await appStarted(page);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await loginDialog(page).waitFor();
  return loginDialog(page);
}

async function apiRegister(username: string, email: string) {
  const response = await fetch(`${site.origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email, password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { token: string };
}

describe('signing in', () => {
  it.runIf(redisUrl)('registers by phone, logs out and logs back in with a code', async () => {
    const context = await newContext(browser, site);
    const page = await context.newPage();
    const phone = freshPhone();
    const username = `phone_${stamp()}`;

    await page.goto('/register?mode=phone');
    await page.getByRole('radio', { name: '手机注册' }).waitFor();
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('开发模式：验证码已输出到服务器日志').waitFor();
    await expect(page.getByRole('button', { name: /秒后重发/ }).isDisabled()).resolves.toBe(true);
    await page.getByLabel('验证码', { exact: true }).fill(await nthCode(phone, 1));
    await page.getByLabel('用户名').fill(username);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByLabel('确认密码').fill(password);
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await accountMenu(page, username).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // SPEC.md section 4: the registration flags, cleared by the refresh 500 ms later.
    await expect(page.evaluate(() => localStorage.getItem('registration_time'))).resolves.toMatch(
      /^\d+$/,
    );
    await vi.waitFor(async () => {
      expect(await page.evaluate(() => localStorage.getItem('just_registered'))).toBeNull();
    }, patiently);

    await logOut(page, username);
    await allowNextCode(phone);
    const dialog = await openLogin(page);
    await dialog.getByRole('tab', { name: '手机验证码' }).click();
    await dialog.getByLabel('手机号', { exact: true }).fill(phone);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    const code = await nthCode(phone, 2);
    const wrong = code === '000000' ? '111111' : '000000';
    await dialog.getByLabel('验证码', { exact: true }).fill(wrong);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await dialog.getByText('验证码错误').waitFor();
    await dialog.getByLabel('验证码', { exact: true }).fill(code);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await accountMenu(page, username).waitFor();
    await context.close();
  });

  it('points an unregistered number to phone registration', async () => {
    const context = await newContext(browser, site, true);
    const page = await context.newPage();
    await page.goto('/');
    const dialog = await openLogin(page);
    await dialog.getByRole('tab', { name: '手机验证码' }).click();
    const phone = freshPhone();
    await dialog.getByLabel('手机号', { exact: true }).fill(phone);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByText('该手机号未注册').waitFor();
    await dialog.getByRole('link', { name: '用手机号注册' }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    // The login modal fades out over the register page; its own 手机号 field goes with it.
    await dialog.waitFor({ state: 'detached' });
    await expect(page.getByLabel('手机号', { exact: true }).inputValue()).resolves.toBe(phone);
    await context.close();
  });

  it('signs up and back in with the WeChat QR code', async () => {
    const context = await newContext(browser, site);
    const page = await context.newPage();
    const scanner = wechat.newUser();
    const username = `wx_${stamp()}`;

    // First scan: no account yet, so the callback page offers to create one.
    await page.goto('/');
    let dialog = await openLogin(page);
    await dialog.getByRole('tab', { name: 'QQ' }).click();
    await dialog.getByText('QQ 登录未配置').waitFor();
    wechat.signInAs(scanner);
    await dialog.getByRole('tab', { name: '微信' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/wechat/callback');
    await page.getByText(`微信账号“${scanner.nickname}”还没有绑定氛围笔记账号。`).waitFor();
    await page.getByLabel('用户名').fill(username);
    await page.getByRole('button', { name: '创建并登录' }).click();
    await accountMenu(page, username).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(wechat.calls).toContain('/sns/oauth2/access_token');
    await vi.waitFor(async () => {
      expect(await page.evaluate(() => localStorage.getItem('wechat_login_success'))).toBeNull();
    }, patiently);

    // Second scan: the identity is bound, and the sign-in returns to the note it was for.
    await logOut(page, username);
    wechat.signInAs(scanner);
    await page.goto('/login?from=/post/42');
    dialog = loginDialog(page);
    await dialog.getByRole('tab', { name: '微信' }).click();
    await page.waitForURL((url) => url.pathname === '/post/42');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeTruthy();
    await page.goto('/');
    await accountMenu(page, username).waitFor();
    await context.close();
  });

  it('refuses a WeChat return that this tab did not start', async () => {
    const context = await newContext(browser, site);
    const page = await context.newPage();
    const before = wechat.calls.length;
    await page.goto('/auth/wechat/callback?code=stolen-code&state=forged-state');
    await page.getByText('授权已失效或来源不明，请重新发起登录').waitFor();
    await expect(page.getByRole('link', { name: '重新登录' }).isVisible()).resolves.toBe(true);
    expect(wechat.calls.length).toBe(before);
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    await context.close();
  });

  it('resets a password through the e-mailed link and ends the old sessions', async () => {
    const username = `reset_${stamp()}`;
    const email = `${username}@example.com`;
    const { token: oldToken } = await apiRegister(username, email);

    // A browser that was signed in before the reset.
    const before = await newContext(browser, site);
    const stale = await before.newPage();
    await stale.goto('/');
    await stale.evaluate((token) => localStorage.setItem('token', token), oldToken);
    await stale.reload();
    await accountMenu(stale, username).waitFor();

    const context = await newContext(browser, site);
    const page = await context.newPage();
    // The answer is the same for an address nobody registered.
    await page.goto('/forgot-password');
    await page.getByLabel('邮箱').fill(`nobody_${stamp()}@example.com`);
    await page.getByRole('button', { name: '发送重置邮件' }).click();
    await page.getByText('如果该邮箱已注册').waitFor();

    const mailsBefore = inbox.received.length;
    await page.goto('/forgot-password');
    await page.getByLabel('邮箱').fill(email);
    await page.getByRole('button', { name: '发送重置邮件' }).click();
    await page.getByText('如果该邮箱已注册').waitFor();
    const mail = await inbox.nextMail(email, mailsBefore);
    const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    const newPassword = 'brandnew2468';
    await page.goto(link!);
    await page.getByLabel('密码', { exact: true }).fill(newPassword);
    await page.getByLabel('确认密码').fill(newPassword);
    await page.getByRole('button', { name: '重置密码' }).click();
    const dialog = loginDialog(page);
    await dialog.waitFor();
    await dialog.getByLabel('用户名或邮箱').fill(username);
    await dialog.getByLabel('密码', { exact: true }).fill(newPassword);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await accountMenu(page, username).waitFor();

    // The link worked once; the session from before the reset is over.
    await page.goto(link!);
    await page.getByText('重置链接已使用过，请重新申请').waitFor();
    await stale.reload();
    await stale.getByRole('button', { name: '登录', exact: true }).waitFor();
    // The server draws the page signed out at once; the app drops the dead token once it starts.
    await expect.poll(() => stale.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const oldLogin = await fetch(`${site.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    expect(oldLogin.status).toBe(401);
    await before.close();
    await context.close();
  });

  it('edits the profile, password, theme, notifications and WeChat binding in settings', async () => {
    const username = `set_${stamp()}`;
    const { token } = await apiRegister(username, `${username}@example.com`);
    const me = async () => {
      const response = await fetch(`${site.origin}/api/auth/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: response.status, body: (await response.json()) as Partial<CurrentUser> };
    };
    const context = await newContext(browser, site);
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto('/settings');
    await page.getByRole('heading', { name: '个人资料' }).waitFor();

    // Profile: the bio limit is checked before sending, then a new name reaches the header.
    const renamed = `${username}_n`;
    await page.getByLabel('个人简介').fill('字'.repeat(201));
    await page.getByRole('button', { name: '保存资料' }).click();
    await page.getByText('个人简介不能超过 200 个字符').waitFor();
    await page.getByLabel('个人简介').fill('写代码，也写字。');
    await page.getByLabel('用户名').fill(renamed);
    await page.getByRole('button', { name: '保存资料' }).click();
    await accountMenu(page, renamed).waitFor();
    expect((await me()).body).toMatchObject({ username: renamed, bio: '写代码，也写字。' });

    // Avatar: cropped to a square in the page, uploaded, saved.
    const picture = await sharp({
      create: { width: 900, height: 500, channels: 3, background: '#5b5bf7' },
    })
      .png()
      .toBuffer();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    await page.getByRole('dialog', { name: '裁剪头像' }).waitFor();
    await page.getByRole('button', { name: '使用这张头像' }).click();
    await page.getByText('头像已更新').waitFor();
    const avatar = String((await me()).body.avatar);
    expect(avatar).toMatch(/^\/api\/uploads\//);
    const stored = await fetch(`${site.origin}${avatar}`);
    const size = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([size.width, size.height]).toEqual([400, 400]);

    // Password: the old one is checked.
    await page.getByLabel('原密码').fill('not-my-password1');
    await page.getByLabel('新密码', { exact: true }).fill('another13579');
    await page.getByLabel('确认新密码').fill('another13579');
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.getByText('原密码不正确').waitFor();
    await page.getByLabel('原密码').fill(password);
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.getByText('密码已修改').waitFor();

    // Theme and notifications: applied at once and stored with the account.
    await page.getByRole('radio', { name: /深色/ }).click();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    await page.getByRole('switch', { name: '点赞' }).click();
    await vi.waitFor(async () => {
      expect((await me()).body.settings).toMatchObject({
        theme: 'dark',
        notifications: { like: false, comment: true },
      });
    }, patiently);

    // WeChat: bound through the provider's page and back, then unbound.
    const scanner = wechat.newUser();
    wechat.signInAs(scanner);
    await page.getByRole('button', { name: '绑定微信' }).click();
    await page.getByText(`已绑定：${scanner.nickname}`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
    await page.getByRole('button', { name: '解绑微信' }).click();
    await page
      .getByRole('dialog', { name: '解绑微信' })
      .getByRole('button', { name: '确定解绑' })
      .click();
    await page.getByText('已解绑').waitFor();

    // Log out everywhere: this browser too, and the token is dead.
    await page.getByRole('button', { name: '退出所有设备' }).click();
    await Promise.all([
      page.waitForEvent('load'),
      page
        .getByRole('dialog', { name: '确定退出所有设备？' })
        .getByRole('button', { name: '全部退出' })
        .click(),
    ]);
    // The header's button: /settings may also open the sign-in dialog with its own 登录.
    await page
      .getByRole('navigation', { name: '首页' })
      .getByRole('button', { name: '登录', exact: true })
      .waitFor();
    expect((await me()).status).toBe(401);
    await context.close();
  });
});
