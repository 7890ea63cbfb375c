import { PAGE_SESSION_COOKIE } from '../../contract/page-hints';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningSite {
  origin: string;
  dataDir: string;
  /** Lines the server logged (JSON), for tests that read e.g. an SMS code from the log. */
  logs: string[];
  stop(): Promise<void>;
}

/**
 * Starts the real server (`server/main.ts`) as a child process on a free port with a temporary
 * data folder, serving the built site from dist/ (`vite build` runs before the tests).
 */
export async function startSite(
  options: { env?: Record<string, string>; seedDemo?: boolean } = {},
): Promise<RunningSite> {
  const webRoot = path.resolve(process.env.WEB_ROOT ?? 'dist');
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    throw new Error(`No built site in ${webRoot}: run "vite build" first`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-e2e-'));
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: webRoot,
      SEED_DEMO: options.seedDemo === false ? 'false' : 'true',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      // The suite shares the machine with the other suites, whose processes can starve the
      // low-priority render thread for seconds: a page these tests expect drawn by the server
      // waits for it rather than becoming the shell (render-wait.test.ts tests the wait).
      PAGE_RENDER_WAIT_MS: '60000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        logs.push(line);
        if (line.includes('Server listening')) resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    child.on('exit', (code) =>
      reject(new Error(`server exited with ${code}:\n${logs.join('\n')}`)),
    );
  });
  return {
    origin,
    dataDir,
    logs,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh browser context per actor, so tests never share storage. */
export function newContext(
  browser: Browser,
  site: RunningSite,
  mobile = false,
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: site.origin,
    locale: 'zh-CN',
    viewport: mobile ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    serviceWorkers: 'block',
  });
}

/** The cookie a sign-in sets for server-drawn pages, as a browser context stores it. */
export const pageSessionCookie = (token: string, origin: string) => ({
  name: PAGE_SESSION_COOKIE,
  value: token,
  url: origin,
  httpOnly: true,
  sameSite: 'Lax' as const,
});

/**
 * Signs the context's pages in the way the app itself does (token and user in localStorage, and
 * the page cookie a sign-in sets), once: a sign-out during the test sticks across later loads.
 */
export async function storeSession(
  context: BrowserContext,
  session: { token: string; user: unknown },
  origin?: string,
): Promise<void> {
  if (origin) await context.addCookies([pageSessionCookie(session.token, origin)]);
  await context.addInitScript(
    ([token, user]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      }
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
}

/** A fresh context already signed in as `session` (the sign-in forms have their own tests). */
export async function signedInContext(
  browser: Browser,
  site: RunningSite,
  session: { token: string; user: unknown },
  mobile = false,
): Promise<BrowserContext> {
  const context = await newContext(browser, site, mobile);
  await storeSession(context, session);
  return context;
}

/**
 * Records, from the first byte of every page of the context, whether the lazy-page spinner
 * (页面加载中) was ever in the document; read it with spinnerWasShown(page).
 */
export async function watchForPageSpinner(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const record = { shown: false };
    Object.assign(window, { pageSpinner: record });
    new MutationObserver(() => {
      if (record.shown) return;
      record.shown = [...document.querySelectorAll('[role="status"]')].some((element) =>
        element.textContent?.includes('页面加载中'),
      );
    }).observe(document, { childList: true, subtree: true });
  });
}

export function spinnerWasShown(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { pageSpinner: { shown: boolean } }).pageSpinner.shown,
  );
}

/**
 * Starts recording, every frame, what a click on `target` would land on at nine points across it
 * (its corners, edges and middle). The returned function stops and names each element seen
 * there that is not the target or inside it, once (e.g. a toast sliding in over it).
 */
export async function watchWhatCovers(
  page: Page,
  target: Locator,
): Promise<() => Promise<string[]>> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the target is not on the screen');
  await target.evaluate((element, { x, y, width, height }) => {
    const points = [0.1, 0.5, 0.9].flatMap((across) =>
      [0.15, 0.5, 0.85].map((down) => [x + width * across, y + height * down] as const),
    );
    const seen = new Set<string>();
    const watch = { seen, stopped: false };
    Object.assign(window, { coverWatch: watch });
    const sample = () => {
      for (const [px, py] of points) {
        const hit = document.elementFromPoint(px, py);
        if (hit && !element.contains(hit)) {
          const named = hit.closest('[role]');
          seen.add(
            `${hit.tagName.toLowerCase()}.${hit.getAttribute('class') ?? ''} in ${named?.getAttribute('role') ?? 'the page'}`,
          );
        }
      }
      if (!watch.stopped) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  }, box);
  return () =>
    page.evaluate(() => {
      const watch = (window as unknown as { coverWatch: { seen: Set<string>; stopped: boolean } })
        .coverWatch;
      watch.stopped = true;
      return [...watch.seen];
    });
}

/**
 * Waits until the app has taken over the page (React's handlers are on the root). A rendered
 * page is drawn before the app's bundle loads (src/boot/after-first-paint.ts); a tap on it
 * before then is held and made again once the app has its element (src/boot/early-presses.ts),
 * so a test that reads what the tap changed, or times the app, waits for this first.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}
