import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import type { AxeFinding } from '../helpers/axe';
import { appStarted, launchBrowser, startSite, storeSession } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';
import { siteApi } from '../helpers/e2e-api';
import type { Account as Session } from '../helpers/e2e-api';

/**
 * axe-core on every page type of the seeded demo site, light and dark, on a desktop and a
 * phone: no serious or critical violation anywhere (contrast, names, roles, landmarks,
 * keyboard-reachable scrolling regions).
 */

type Actor = 'visitor' | 'member' | 'admin';
type Theme = 'light' | 'dark';

let site: RunningSite;
let browser: Browser;
const sessions = {} as Record<Exclude<Actor, 'visitor'>, Session>;
let codeNote: { id: string; title: string };
let otherUser: { id: string; username: string };

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  const api = siteApi(site);
  sessions.member = await api.login('林深见鹿');
  sessions.admin = await api.admin();
  const { posts } = await api.call<{
    posts: { id: string; title: string; author: Session['user'] }[];
  }>('GET', '/api/posts?limit=50');
  // The note with a code block: its sideways-scrolling <pre> must be reachable by keyboard.
  const withCode = posts.find((post) => post.title.startsWith('TypeScript 类型体操'));
  if (!withCode) throw new Error('the demo seed has no note with a code block');
  codeNote = withCode;
  const other = posts.find((post) => post.author.id !== sessions.member.user.id);
  if (!other) throw new Error('the demo seed has no note by another author');
  otherUser = other.author;
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function contextFor(actor: Actor, theme: Theme, phone: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: site.origin,
    locale: 'zh-CN',
    viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    colorScheme: theme,
    // Fades are skipped, so contrast is measured on the final colours.
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  if (actor !== 'visitor') await storeSession(context, sessions[actor]);
  return context;
}

/** A page type: where it is, who opens it and what shows it is ready. */
interface Stop {
  name: string;
  actor: Actor;
  path: string;
  heading?: string;
  dialog?: string;
  /** Opens a panel from the header after the page is ready. */
  open?: (page: Page) => Promise<void>;
}

function stops(): Stop[] {
  const member = sessions.member.user.username;
  return [
    { name: 'home', actor: 'member', path: '/', heading: '发现笔记' },
    { name: 'home (visitor)', actor: 'visitor', path: '/', heading: '发现笔记' },
    { name: 'note', actor: 'member', path: `/post/${codeNote.id}`, heading: codeNote.title },
    { name: 'search', actor: 'member', path: '/search?search=AI', heading: '搜索“AI”' },
    { name: 'tag', actor: 'member', path: `/tag/${encodeURIComponent('编程')}`, heading: '#编程' },
    { name: 'own profile', actor: 'member', path: '/profile', heading: member },
    {
      name: 'profile',
      actor: 'member',
      path: `/profile/${otherUser.id}`,
      heading: otherUser.username,
    },
    {
      name: 'messages',
      actor: 'member',
      path: '/',
      heading: '发现笔记',
      dialog: '私信',
      // The header's envelope button on desktops, the tab bar's 消息 link on phones.
      open: (page) =>
        page
          .getByRole('button', { name: /^私信/ })
          .or(page.getByRole('link', { name: /^消息/ }))
          .filter({ visible: true })
          .first()
          .click(),
    },
    {
      name: 'notifications',
      actor: 'member',
      path: '/',
      heading: '发现笔记',
      dialog: '通知',
      open: (page) => page.getByRole('button', { name: /^通知/ }).first().click(),
    },
    { name: 'settings', actor: 'member', path: '/settings', heading: '设置' },
    { name: 'editor', actor: 'member', path: '/create', heading: '发布笔记' },
    { name: 'membership', actor: 'member', path: '/membership', heading: '氛围笔记会员' },
    { name: 'login', actor: 'visitor', path: '/login', dialog: '登录氛围笔记' },
    { name: 'register', actor: 'visitor', path: '/register', heading: '注册账号' },
    { name: 'forgot password', actor: 'visitor', path: '/forgot-password', heading: '找回密码' },
    { name: 'admin review', actor: 'admin', path: '/admin/posts/review', heading: '审核管理' },
    { name: 'admin stats', actor: 'admin', path: '/admin/posts/stats', heading: '笔记统计' },
    { name: 'about', actor: 'visitor', path: '/about', heading: '关于我们' },
    { name: 'terms', actor: 'visitor', path: '/terms', heading: '用户协议' },
    { name: 'help', actor: 'visitor', path: '/help', heading: '帮助中心' },
    { name: 'not found', actor: 'visitor', path: '/no/such/page', heading: '页面不存在' },
  ];
}

/** One line per rule and page, with the elements it flagged, so a failure reads at a glance. */
const describeFinding = (page: string, finding: AxeFinding) =>
  `${page}: ${finding.rule} (${finding.impact}) at ${finding.targets.slice(0, 4).join(', ')}`;

async function audit(theme: Theme, phone: boolean): Promise<string[]> {
  const found: string[] = [];
  const contexts = new Map<Actor, BrowserContext>();
  try {
    for (const stop of stops()) {
      let context = contexts.get(stop.actor);
      if (!context) {
        context = await contextFor(stop.actor, theme, phone);
        contexts.set(stop.actor, context);
      }
      const page = await context.newPage();
      await page.goto(stop.path);
      if (stop.heading) {
        await page.getByRole('heading', { level: 1, name: stop.heading, exact: true }).waitFor();
      }
      if (stop.open) {
        // A server-drawn page answers clicks once its scripts run (after the first paint on a phone).
        await appStarted(page);
        await stop.open(page);
      }
      if (stop.dialog) await page.getByRole('dialog', { name: stop.dialog }).waitFor();
      // Lists fill in after the heading: wait until nothing is loading any more.
      await page.waitForLoadState('networkidle');
      const violations = await seriousViolations(page);
      found.push(...violations.map((finding) => describeFinding(stop.name, finding)));
      await page.close();
    }
  } finally {
    for (const context of contexts.values()) await context.close();
  }
  return found;
}

describe.each<Theme>(['light', 'dark'])('axe-core in the %s theme', (theme) => {
  it('finds no serious or critical violation on any desktop page (1440 wide)', async () => {
    expect(await audit(theme, false)).toEqual([]);
  });

  it('finds no serious or critical violation on any phone page (390 wide)', async () => {
    expect(await audit(theme, true)).toEqual([]);
  });
});
