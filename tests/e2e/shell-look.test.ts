import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startSite, storeSession } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';

/**
 * What the shell looks like in Chromium, read from computed styles and boxes: the blurred
 * bars, dark segmented controls that show their choice, the phone header's 注册, the category
 * tabs' scroll hint, and toasts below the header.
 */

interface Session {
  token: string;
  user: { id: string; username: string };
}

let site: RunningSite;
let browser: Browser;
let member: Session;
let noteId: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  const response = await fetch(`${site.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: '林深见鹿', password: 'demo12345' }),
  });
  member = (await response.json()) as Session;
  const list = (await (await fetch(`${site.origin}/api/posts?limit=1`)).json()) as {
    posts: { id: string }[];
  };
  noteId = list.posts[0].id;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.stop();
});

async function open(
  path: string,
  options: { phone?: boolean; dark?: boolean; signedIn?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: site.origin,
    locale: 'zh-CN',
    viewport: options.phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    colorScheme: options.dark ? 'dark' : 'light',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  contexts.push(context);
  if (options.signedIn) await storeSession(context, member);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

type Rgb = [number, number, number];

function parseRgb(value: string): Rgb {
  const match = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(value);
  if (!match) throw new Error(`not an rgb() colour: ${value}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** WCAG 2 contrast ratio of two opaque colours. */
function contrast(a: Rgb, b: Rgb): number {
  const luminance = (rgb: Rgb) => {
    const [r, g, b2] = rgb.map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const backdropOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => getComputedStyle(element).backdropFilter);

describe('the bars', () => {
  it('blur what scrolls under the header (desktop) and the tab bar (phone)', async () => {
    const desktop = await open('/');
    await desktop.getByRole('heading', { level: 1, name: '发现笔记' }).waitFor();
    expect(await backdropOf(desktop, 'body > #root header')).toMatch(/blur\(16px\)/);

    const phone = await open('/', { phone: true });
    await phone.getByRole('navigation', { name: '主导航' }).waitFor();
    expect(await backdropOf(phone, 'body > #root header')).toMatch(/blur\(16px\)/);
    expect(await backdropOf(phone, 'nav[aria-label="主导航"]')).toMatch(/blur\(16px\)/);
  });
});

describe('segmented controls in dark mode', () => {
  async function expectChoiceStandsOut(page: Page, active: string, track: string) {
    const colours = await page.evaluate(
      ([activeSelector, trackSelector]) => {
        const chosen = document.querySelector(activeSelector);
        const rail = document.querySelector(trackSelector);
        if (!chosen || !rail) throw new Error('segmented control not found');
        return {
          segment: getComputedStyle(chosen).backgroundColor,
          text: getComputedStyle(chosen).color,
          track: getComputedStyle(rail).backgroundColor,
        };
      },
      [active, track] as const,
    );
    const segment = parseRgb(colours.segment);
    expect(contrast(segment, parseRgb(colours.track))).toBeGreaterThanOrEqual(3);
    expect(contrast(segment, parseRgb(colours.text))).toBeGreaterThanOrEqual(4.5);
  }

  it('show the chosen segment at 3:1 against its track with AA text (register, login)', async () => {
    const register = await open('/register', { dark: true });
    await register.getByRole('radio', { name: '邮箱注册' }).waitFor();
    await expectChoiceStandsOut(
      register,
      '[role="radiogroup"] [aria-checked="true"]',
      '[role="radiogroup"]',
    );

    const login = await open('/login', { dark: true });
    await login.getByRole('dialog', { name: '登录氛围笔记' }).waitFor();
    await expectChoiceStandsOut(
      login,
      '[role="dialog"] [role="tablist"] [aria-selected="true"]',
      '[role="dialog"] [role="tablist"]',
    );
  });
});

describe('small things', () => {
  it('gives visitors on a phone a 注册 link in the header', async () => {
    const page = await open('/', { phone: true });
    const register = page.getByRole('banner').getByRole('link', { name: '注册' });
    await register.waitFor();
    expect(await register.isVisible()).toBe(true);
    await register.click();
    await page.getByRole('heading', { level: 1, name: '注册账号' }).waitFor();
  });

  it('hints that the phone category tabs scroll, until their end is reached', async () => {
    const page = await open('/', { phone: true });
    const tabs = page.getByRole('navigation', { name: '笔记分类' });
    await tabs.waitFor();
    // The hint appears once the page has hydrated and measured the row.
    const hint = (opacity: number) =>
      page.waitForFunction((wanted) => {
        const row = document.querySelector('nav[aria-label="笔记分类"]');
        if (!row || row.scrollWidth <= row.clientWidth) return false;
        const after = getComputedStyle(row, '::after');
        return after.content.includes('›') && Number(after.opacity) === wanted;
      }, opacity);
    await hint(1);
    // Scrolled to the end again on each check: the row may still widen as its tabs arrive.
    await page.waitForFunction(() => {
      const row = document.querySelector('nav[aria-label="笔记分类"]');
      if (!row) return false;
      row.scrollLeft = row.scrollWidth;
      return Number(getComputedStyle(row, '::after').opacity) === 0;
    });
  });

  it('shows toasts below the header, clear of the avatar', async () => {
    const page = await open(`/post/${noteId}`, { signedIn: true });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: '分享' }).click();
    const toast = page.getByRole('status').filter({ hasText: /链接已复制|无法分享/ });
    await toast.waitFor();
    const header = await page.locator('body > #root header').first().boundingBox();
    const avatar = await page
      .getByRole('button', { name: `${member.user.username} 的账号菜单` })
      .boundingBox();
    const box = await toast.boundingBox();
    if (!header || !avatar || !box) throw new Error('no box');
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y).toBeGreaterThan(avatar.y + avatar.height);
  });
});
