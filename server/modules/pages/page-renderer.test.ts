import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PageFrame } from './page-html.js';
import { loadPageRenderer } from './page-renderer.ts';
import type { PageDataJson, PageRenderer, PageRequest } from './page-renderer.ts';

/**
 * A renderer as the build makes one (dist-ssr/entry-server.js exports `renderPage`), whose render
 * reads the feed through the source, then holds its thread for 300 ms, as a long render would.
 */
const SLOW_RENDERER = `
export async function renderPage(url, viewer, source, columns) {
  const feed = await source.feed({ page: 1 });
  const until = Date.now() + 300;
  while (Date.now() < until);
  return { html: '<main>' + feed.posts.join(',') + ' ' + columns + '</main>', data: { viewer, swr: { feed } } };
}`;

/** The document a page is drawn into: the markup in the app region, the data before `</body>`. */
const FRAME: PageFrame = {
  shell: '<html><head></head><body><!--app--><!--/app--></body></html>',
  dataElementId: 'page-data',
  assetLinks: { home: '<link rel="modulepreload" href="/home.js">' },
  signInAssetLinks: '',
};
const documentOf = (markup: string, data: unknown) =>
  '<html><head><link rel="modulepreload" href="/home.js">' +
  '<link rel="expect" href="#page-data" blocking="render"></head>' +
  `<body>${markup}<script type="application/json" id="page-data">${JSON.stringify(data)}` +
  '</script></body></html>';

/** The home page, drawn in `columns` columns. */
const home = (columns: number | null): PageRequest => ({
  url: 'http://127.0.0.1/',
  viewer: null,
  columns,
  bundle: 'home',
  encoding: null,
});

/** Only the feed is read by the renderer above; the rest fail the test if asked. */
const sourceOf = (feed: PageDataJson['feed']): PageDataJson => {
  const unasked = () => Promise.reject(new Error('not asked by this renderer'));
  return {
    feed,
    categories: unasked,
    post: unasked,
    user: unasked,
    userPosts: unasked,
    searchUsers: unasked,
  };
};
const feedOf = (...posts: string[]) => ({ posts, total: posts.length, page: 1, pages: 1 });

describe('the page-render thread', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'vibe-renderer-'));
  const modulePath = path.join(folder, 'entry-server.mjs');
  writeFileSync(modulePath, SLOW_RENDERER);
  const renderers: PageRenderer[] = [];
  const load = async (options?: Parameters<typeof loadPageRenderer>[2]) => {
    const renderer = await loadPageRenderer(modulePath, FRAME, options);
    if (!renderer) throw new Error('no renderer');
    renderers.push(renderer);
    return renderer;
  };

  afterAll(async () => {
    await Promise.all(renderers.map((renderer) => renderer.close()));
    rmSync(folder, { recursive: true, force: true });
  });

  it('draws a page and its document off this thread, with its reads answered here', async () => {
    const renderer = await load();
    const asked: unknown[] = [];
    const source = sourceOf(async (query) => {
      asked.push(query);
      // The feed as `GET /api/posts` sends it: its UTF-8 bytes.
      return Buffer.from(JSON.stringify(feedOf('甲', '乙')));
    });
    const events: string[] = [];
    let timerLate = Number.NaN;
    const drawn = renderer.render(home(3), source).then((page) => {
      events.push('page');
      return page;
    });
    // A timer set while the page renders fires on time: the render does not hold this thread.
    const set = performance.now();
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        timerLate = performance.now() - set - 20;
        events.push('timer');
        resolve();
      }, 20),
    );
    const page = await drawn;
    expect(events).toEqual(['timer', 'page']);
    expect(timerLate).toBeLessThan(100);
    expect(asked).toEqual([{ page: 1 }]);
    expect(page?.toString()).toBe(
      documentOf('<main>甲,乙 3</main>', { viewer: null, swr: { feed: feedOf('甲', '乙') } }),
    );
  });

  it("fails a render with the read's own error when a read fails here", async () => {
    const renderer = await load();
    const failure = new Error('数据库连接已断开');
    await expect(
      renderer.render(
        home(null),
        sourceOf(() => Promise.reject(failure)),
      ),
    ).rejects.toBe(failure);
  });

  it('answers null (the shell) past the renders it may have under way', async () => {
    const renderer = await load({ maxAtOnce: 1 });
    const source = sourceOf(async () => JSON.stringify(feedOf('丙')));
    const drawn = documentOf('<main>丙 null</main>', { viewer: null, swr: { feed: feedOf('丙') } });
    // The second is asked while the first is under way; the third once it is drawn.
    const pages = await Promise.all([
      renderer.render(home(null), source),
      renderer.render(home(null), source),
    ]);
    expect(pages.map((page) => page?.toString() ?? null)).toEqual([drawn, null]);
    const third = await renderer.render(home(null), source);
    expect(third?.toString()).toBe(drawn);
  });

  it('ends its thread after a rest, and draws the next page on a new one', async () => {
    const renderer = await load({ restMs: 100 });
    const source = sourceOf(async () => JSON.stringify(feedOf('丁')));
    const drawn = documentOf('<main>丁 2</main>', { viewer: null, swr: { feed: feedOf('丁') } });
    expect(renderer.threads).toBe(0);
    expect((await renderer.render(home(2), source))?.toString()).toBe(drawn);
    expect(renderer.threads).toBe(1);
    await vi.waitFor(() => expect(renderer.threads).toBe(0), { timeout: 5_000 });
    expect((await renderer.render(home(2), source))?.toString()).toBe(drawn);
  });

  it('answers null (the shell) for a page not drawn in time; the render goes on, still counted', async () => {
    const told: boolean[] = [];
    const renderer = await load({
      waitMs: 50,
      maxAtOnce: 1,
      onLateness: (late) => told.push(late),
    });
    const source = sourceOf(async () => JSON.stringify(feedOf('戊')));
    const started = performance.now();
    // The render holds its thread for 300 ms: the page waited 50 ms for it, not for the render.
    await expect(renderer.render(home(null), source)).resolves.toBeNull();
    expect(performance.now() - started).toBeLessThan(300);
    expect(told).toEqual([true]);
    // The render cut short is still under way, so it fills the one place: no second queues behind it.
    await expect(renderer.render(home(null), source)).resolves.toBeNull();
    expect(told).toEqual([true]);
  });
});
