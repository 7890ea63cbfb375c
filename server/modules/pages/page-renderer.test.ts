import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageDataSource } from '../../../contract/page-data.ts';
import { loadPageRenderer } from './page-renderer.ts';
import type { PageRenderer } from './page-renderer.ts';

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

/** Only the feed is read by the renderer above; the rest fail the test if asked. */
const sourceOf = (feed: PageDataSource['feed']): PageDataSource => {
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
const feedOf = (...posts: string[]) =>
  ({ posts, total: posts.length, page: 1, pages: 1 }) as unknown as Awaited<
    ReturnType<PageDataSource['feed']>
  >;

describe('the page-render thread', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'vibe-renderer-'));
  const modulePath = path.join(folder, 'entry-server.mjs');
  writeFileSync(modulePath, SLOW_RENDERER);
  const renderers: PageRenderer[] = [];
  const load = async (maxAtOnce?: number) => {
    const renderer = await loadPageRenderer(modulePath, maxAtOnce);
    if (!renderer) throw new Error('no renderer');
    renderers.push(renderer);
    return renderer;
  };

  afterAll(async () => {
    await Promise.all(renderers.map((renderer) => renderer.close()));
    rmSync(folder, { recursive: true, force: true });
  });

  it('draws a page off this thread, with its reads answered here', async () => {
    const renderer = await load();
    const asked: unknown[] = [];
    const source = sourceOf(async (query) => {
      asked.push(query);
      return feedOf('甲', '乙');
    });
    const events: string[] = [];
    let timerLate = Number.NaN;
    const drawn = renderer.render('http://127.0.0.1/', null, source, 3).then((page) => {
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
    expect(page).toEqual({
      html: '<main>甲,乙 3</main>',
      data: { viewer: null, swr: { feed: feedOf('甲', '乙') } },
    });
  });

  it("fails a render with the read's own error when a read fails here", async () => {
    const renderer = await load();
    const failure = new Error('数据库连接已断开');
    await expect(
      renderer.render(
        'http://127.0.0.1/',
        null,
        sourceOf(() => Promise.reject(failure)),
        null,
      ),
    ).rejects.toBe(failure);
  });

  it('answers null (the shell) past the renders it may have under way', async () => {
    const renderer = await load(1);
    const source = sourceOf(async () => feedOf('丙'));
    // The second is asked while the first is under way; the third once it is drawn.
    const pages = await Promise.all([
      renderer.render('http://127.0.0.1/', null, source, null),
      renderer.render('http://127.0.0.1/', null, source, null),
    ]);
    expect(pages.map((page) => page?.html ?? null)).toEqual(['<main>丙 null</main>', null]);
    const third = await renderer.render('http://127.0.0.1/', null, source, null);
    expect(third?.html).toBe('<main>丙 null</main>');
  });
});
