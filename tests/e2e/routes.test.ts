import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, startSite } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';

/**
 * Every route of SPEC.md section 2, walked in Chromium as an anonymous visitor, a member and an
 * admin of the seeded demo site: where each one lands after its guards and redirects, what the
 * page shows (its heading, or the login modal / panel it opened), whether it sits in the common
 * layout, and the 404 page's robots noindex.
 */

let site: RunningSite;
let browser: Browser;

type Actor = 'visitor' | 'member' | 'admin';

interface Session {
  token: string;
  user: { id: string; username: string };
}

const credentials = {
  member: { username: '林深见鹿', password: 'demo12345' },
  admin: { username: 'admin', password: 'vibe-admin-2026' },
};

const sessions = {} as Record<Exclude<Actor, 'visitor'>, Session>;
let otherUser: { id: string; username: string };
let note: { id: string; title: string };
let ownNoteId: string;

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${site.origin}${path}`, init);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function login(actor: Exclude<Actor, 'visitor'>): Promise<Session> {
  return api<Session>('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials[actor]),
  });
}

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  sessions.member = await login('member');
  sessions.admin = await login('admin');
  const { posts } = await api<{ posts: { id: string; title: string; author: { id: string } }[] }>(
    '/api/posts?limit=50',
  );
  const own = posts.find((post) => post.author.id === sessions.member.user.id);
  const other = posts.find(
    (post) =>
      post.author.id !== sessions.member.user.id && post.author.id !== sessions.admin.user.id,
  );
  if (!own || !other) throw new Error('the demo seed has no notes by two different authors');
  ownNoteId = own.id;
  note = { id: other.id, title: other.title };
  otherUser = await api(`/api/auth/users/${other.author.id}`);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function contextFor(actor: Actor): Promise<BrowserContext> {
  const context = await newContext(browser, site);
  if (actor === 'visitor') return context;
  const { token, user } = sessions[actor];
  // Set once: a sign-out during the walk must stick across later page loads.
  await context.addInitScript(
    ([storedToken, storedUser]) => {
      if (localStorage.getItem('walk-started')) return;
      localStorage.setItem('walk-started', '1');
      localStorage.setItem('token', storedToken);
      localStorage.setItem('user', storedUser);
    },
    [token, JSON.stringify(user)] as const,
  );
  return context;
}

/** Where a route lands and what it shows there. */
interface Landing {
  /** Path (with query when it matters) after guards and redirects. */
  at: string | RegExp;
  /** The page's level-1 heading. */
  heading?: string;
  /** A text the page shows instead of a heading. */
  text?: string;
  /** A dialog the route opened over the page (login modal or a panel). */
  dialog?: string;
  /** Inside the common layout (header and footer); false for the pages without it. */
  layout: boolean;
  noindex?: boolean;
  /** How the redirect touched history: 'push' adds an entry, 'replace' does not. */
  history?: 'push' | 'replace';
}

const LOGIN = '登录氛围笔记';
const HOME = '发现笔记';

const home = (extra: Partial<Landing> = {}): Landing => ({
  at: '/',
  heading: HOME,
  layout: true,
  ...extra,
});

/** SPEC.md section 2, one row per route; a visitor on a protected route gets the login modal. */
function expectations(actor: Actor): [route: string, landing: Landing][] {
  const signedIn = actor !== 'visitor';
  const admin = actor === 'admin';
  const member = sessions.member.user;
  const needsLogin = (landing: Landing): Landing =>
    signedIn ? landing : home({ dialog: LOGIN, history: 'replace' });
  const adminOnly = (landing: Landing): Landing =>
    admin ? landing : signedIn ? home({ history: 'replace' }) : needsLogin(landing);
  return [
    ['/', home()],
    [`/post/${note.id}`, needsLogin({ at: `/post/${note.id}`, heading: note.title, layout: true })],
    ['/create', needsLogin({ at: /^\/create(\?draft=.+)?$/, heading: '发布笔记', layout: true })],
    [
      `/edit-post/${ownNoteId}`,
      needsLogin(
        admin
          ? // Only the author edits a note, admins included.
            { at: `/edit-post/${ownNoteId}`, text: '只能修改自己的笔记', layout: true }
          : { at: `/edit-post/${ownNoteId}`, heading: '编辑笔记', layout: true },
      ),
    ],
    [
      '/profile',
      needsLogin({
        at: '/profile',
        heading: sessions[admin ? 'admin' : 'member'].user.username,
        layout: true,
        noindex: true,
      }),
    ],
    [
      `/profile/${otherUser.id}`,
      { at: `/profile/${otherUser.id}`, heading: otherUser.username, layout: true },
    ],
    // Someone's own public address shows their personal centre.
    ...(actor === 'member'
      ? [[`/profile/${member.id}`, { at: '/profile', heading: member.username, layout: true }]]
      : []),
    // The panels open for visitors too and ask them to sign in there.
    ['/messages', home({ dialog: '私信', history: 'push' })],
    ['/notifications', home({ dialog: '通知', history: 'replace' })],
    [
      `/search?search=${encodeURIComponent('AI')}`,
      { at: '/search?search=AI', heading: '搜索“AI”', layout: true },
    ],
    ['/membership', needsLogin({ at: '/membership', heading: '氛围笔记会员', layout: true })],
    ['/settings', needsLogin({ at: '/settings', heading: '设置', layout: true, noindex: true })],
    [
      `/login?from=/post/${note.id}`,
      signedIn
        ? { at: `/post/${note.id}`, heading: note.title, layout: true, history: 'replace' }
        : home({ dialog: LOGIN, history: 'replace' }),
    ],
    ['/register', { at: '/register', heading: '注册账号', layout: false }],
    ['/forgot-password', { at: '/forgot-password', heading: '找回密码', layout: false }],
    [
      '/reset-password/some-token',
      { at: '/reset-password/some-token', heading: '设置新密码', layout: false, noindex: true },
    ],
    ['/about', { at: '/about', heading: '关于我们', layout: true }],
    ['/terms', { at: '/terms', heading: '用户协议', layout: true }],
    ['/privacy', { at: '/privacy', heading: '隐私政策', layout: true }],
    ['/help', { at: '/help', heading: '帮助中心', layout: true }],
    [
      '/admin/posts/review',
      adminOnly({ at: '/admin/posts/review', heading: '审核管理', layout: true, noindex: true }),
    ],
    [
      '/admin/posts/stats',
      adminOnly({ at: '/admin/posts/stats', heading: '笔记统计', layout: true, noindex: true }),
    ],
    [
      '/admin/reports',
      adminOnly({ at: '/admin/reports', heading: '举报处理', layout: true, noindex: true }),
    ],
    [
      '/admin/words',
      adminOnly({ at: '/admin/words', heading: '敏感词', layout: true, noindex: true }),
    ],
    [
      '/auth/wechat/callback',
      { at: '/auth/wechat/callback', heading: '微信登录', layout: false, noindex: true },
    ],
    ['/no/such/page', { at: '/no/such/page', heading: '页面不存在', layout: true, noindex: true }],
  ] as [string, Landing][];
}

/** Whether React has hydrated the open dialog, and where the focus is instead. */
function focusState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"]');
    const active = document.activeElement;
    return JSON.stringify({
      dialogHydrated: dialog ? Object.keys(dialog).some((key) => key.startsWith('__react')) : null,
      dialogs: document.querySelectorAll('[role="dialog"]').length,
      active: active ? active.outerHTML.slice(0, 160) : null,
      documentFocused: document.hasFocus(),
      visibility: document.visibilityState,
      readyState: document.readyState,
    });
  });
}

async function visit(page: Page, route: string, landing: Landing) {
  const historyBefore = await page.evaluate(() => history.length);
  await page.goto(route);
  const { at } = landing;
  await page.waitForURL((url) => {
    const path = url.pathname + url.search;
    return typeof at === 'string' ? path === at : at.test(path);
  });
  if (landing.heading) {
    await page.getByRole('heading', { level: 1, name: landing.heading, exact: true }).waitFor();
  }
  if (landing.text) await page.getByText(landing.text, { exact: true }).waitFor();
  if (landing.dialog) {
    const dialog = page.getByRole('dialog', { name: landing.dialog });
    await dialog.waitFor();
    // A visitor on a note gets the login modal drawn by the server, before the app has started:
    // Escape closes it once the app has it, which is when it takes the focus.
    await page
      .waitForFunction(() =>
        document.querySelector('[role="dialog"]')?.contains(document.activeElement),
      )
      .catch(async (error: unknown) => {
        // This wait has failed a few CI runs out of many, never on a run by hand: what the page
        // held then is what the next one to look needs.
        throw new Error(`the dialog never took the focus: ${await focusState(page)}`, {
          cause: error,
        });
      });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
  const header = page.locator('body > #root header').first();
  await expect(header.count(), `${route}: layout`).resolves.toBe(landing.layout ? 1 : 0);
  if (landing.noindex) {
    const robots = page.locator('meta[name="robots"]');
    await expect(robots.getAttribute('content'), `${route}: robots`).resolves.toBe('noindex');
  }
  if (landing.history) {
    // goto adds one entry; a push redirect adds a second, a replace does not.
    const added = (await page.evaluate(() => history.length)) - historyBefore;
    expect(added, `${route}: history`).toBe(landing.history === 'push' ? 2 : 1);
  }
}

describe.each<Actor>(['visitor', 'member', 'admin'])('every route as %s', (actor) => {
  it('lands where SPEC.md section 2 says', async () => {
    const context = await contextFor(actor);
    const walker = await context.newPage();
    for (const [route, landing] of expectations(actor)) {
      // A redirect's effect on history is counted in a tab of its own (browsers cap the count).
      const page = landing.history ? await context.newPage() : walker;
      if (page !== walker || page.url() === 'about:blank') await page.goto('/');
      await visit(page, route, landing).catch((error: unknown) => {
        throw new Error(`${actor} at ${route}: ${String(error)}`, { cause: error });
      });
      if (page !== walker) await page.close();
    }
    await context.close();
  });
});

describe('a page bundle that cannot load', () => {
  it('shows 重新加载 instead of a blank screen, and reloading recovers', async () => {
    const context = await newContext(browser, site);
    const page = await context.newPage();
    const blockStaticPage = (route: { abort: () => Promise<void> }) => route.abort();
    await context.route(/\/assets\/static-[^/]+\.js$/, blockStaticPage);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: '页面加载失败' }).waitFor();
    await context.unroute(/\/assets\/static-[^/]+\.js$/, blockStaticPage);
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: '重新加载' }).click(),
    ]);
    await page.getByRole('heading', { level: 1, name: '关于我们' }).waitFor();
    await context.close();
  });
});
