import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { PageDataSource, RenderPage } from '../../../contract/page-data.ts';
import { orderedWorkerPool } from '../../db/worker-pool.ts';
import { inSlice } from '../../lib/turn-slices.ts';
import { BROTLI_OPTIONS } from '../../plugins/compression.ts';
import type { ResponseEncoding } from '../../plugins/compression.ts';
import type { PageFrame } from './page-html.js';

/**
 * Renders asked for and not yet drawn beyond this are not queued: the page is then the shell,
 * which the app draws by itself, as for a server run without a renderer. A home page takes the
 * render thread some 10-16 ms on the bench's machine, so this is about a second of them.
 */
export const MAX_RENDERS_AT_ONCE = 64;

/**
 * How long the render thread may stand idle before it ends. While it lives it holds some
 * 60-80 MiB (React, the app's pages, its own heap), which a server kept for good once it had
 * drawn a page. Started again, it costs the next page some 0.4-0.5 s, loading the renderer
 * (decision 060): five minutes spare that to a site that has a page view every minute or two,
 * and give the memory back on one that has none.
 */
export const RENDER_THREAD_REST_MS = 5 * 60_000;

/**
 * How long a page waits for the render thread before it is the shell instead. The thread runs at
 * the search threads' low priority (background-priority.js), so when other work at the normal
 * priority fills every core it is all but stopped: on the 2-core machine, beside two busy
 * processes, the first page after a start took 45-56 s and every page after it 2-4 s, against
 * 0.7 s and 40 ms on the quiet machine. The shell costs the reader one round trip for the page's
 * data, asked of the thread that answers requests, which runs first. The first page after a start
 * or a rest loads the renderer (0.4-0.7 s quiet), so the wait leaves it room twice over. A render
 * cut short goes on, bounded by MAX_RENDERS_AT_ONCE, and its page is dropped.
 */
export const RENDER_WAIT_MS = 1_500;

/**
 * Pages drawn in time in a row after which the render thread counts as in time again, so that a
 * thread late for every other page does not turn late and back again every other page.
 */
export const IN_TIME_AGAIN_AFTER = 10;

/** What page-render-worker.js is asked: `RenderPage`'s arguments, the source as a port. */
export interface RenderTask {
  url: string;
  viewer: Parameters<RenderPage>[1];
  columns: number | null;
  /** The page bundle whose asset links the document names (a key of `PageFrame.assetLinks`). */
  bundle: string;
  /** What the document is compressed with (`responseEncoding`); null for none. */
  encoding: ResponseEncoding | null;
  /** Where the thread asks for the page's reads (`SourceCall`) and hears them (`SourceAnswer`). */
  port: MessagePort;
}

/** The API's JSON for a read, as text or as its UTF-8 bytes (`GET /api/posts`' own). */
export type JsonText = string | Uint8Array;

/**
 * `PageDataSource`'s reads as the API's JSON text: the render thread parses it, so this thread
 * does not build what it would only copy across.
 */
export type PageDataJson = {
  [M in keyof PageDataSource]: (...args: Parameters<PageDataSource[M]>) => Promise<JsonText>;
};

export type SourceMethod = keyof PageDataSource;
export interface SourceCall {
  id: number;
  method: SourceMethod;
  args: unknown[];
}
export type SourceAnswer = { id: number; json: JsonText } | { id: number; failed: string };

/** One page to draw: `RenderPage`'s arguments but the source, and the page's bundle. */
export type PageRequest = Omit<RenderTask, 'port'>;

export interface PageRenderer {
  /**
   * The page's whole document as UTF-8, compressed with `page.encoding`, made on the render
   * thread with reads from `source`;
   * null when the renderer draws no page for the address, when `maxAtOnce` renders are under
   * way, and when the page is not drawn within `waitMs`.
   */
  render(page: PageRequest, source: PageDataJson): Promise<Buffer | null>;
  /** Render threads alive: 0 before the first page and after a rest. */
  readonly threads: number;
  close(): Promise<void>;
}

export interface PageRendererOptions {
  maxAtOnce?: number;
  restMs?: number;
  waitMs?: number;
  /**
   * Told when pages start being the shell for a late thread (true), and when they are drawn in
   * time again (false, after IN_TIME_AGAIN_AFTER pages in a row): once each way, not once a page.
   */
  onLateness?: (late: boolean) => void;
}

/** Answers the render thread's reads for one page from `source`, on this thread. */
function serveSource(port: MessagePort, source: PageDataJson, failed: (error: unknown) => void) {
  port.on('message', ({ id, method, args }: SourceCall) => {
    const read = source[method] as (...args: unknown[]) => Promise<JsonText>;
    read(...args).then(
      (json) => port.postMessage({ id, json } satisfies SourceAnswer),
      (error: unknown) => {
        failed(error);
        port.postMessage({ id, failed: String(error) } satisfies SourceAnswer);
      },
    );
  });
}

/**
 * The page renderer the build makes of the app (src/entry-server.tsx → dist-ssr/), on a thread of
 * its own; null when there is none (a server run without `npm run build`): pages are then the
 * shell the app draws.
 *
 * React draws a page synchronously: on the thread that answers requests, a home page held it
 * for 10-16 ms (decision 058), and every request and timer waited behind it. The thread started
 * by the first page, and again by the first after a rest (`restMs`), holds the renderer (React
 * and the app's pages, some 40 MiB that this thread no longer loads); the page's reads still run
 * here, through the app's services, asked for over a port of the page's own. That thread also
 * writes the page's document in `frame`, encodes and compresses it, and hands back its bytes: a
 * page's markup and data, made into a document here, were the garbage that this thread's
 * collections spent 10-14 ms on (decision 059).
 */
export async function loadPageRenderer(
  modulePath: string | null,
  frame: PageFrame,
  {
    maxAtOnce = MAX_RENDERS_AT_ONCE,
    restMs = RENDER_THREAD_REST_MS,
    waitMs = RENDER_WAIT_MS,
    onLateness,
  }: PageRendererOptions = {},
): Promise<PageRenderer | null> {
  if (!modulePath || !existsSync(modulePath)) return null;
  const thread = orderedWorkerPool({
    filename: new URL('./page-render-worker.js', import.meta.url),
    workerData: { renderer: pathToFileURL(modulePath).href, frame, brotliOptions: BROTLI_OPTIONS },
    minThreads: 0,
    maxThreads: 1,
    maxQueue: Number.POSITIVE_INFINITY,
    idleTimeout: restMs,
  });
  let underWay = 0;
  let late = false;
  let inTimeInARow = 0;
  function count(pageLate: boolean) {
    inTimeInARow = pageLate ? 0 : inTimeInARow + 1;
    if (pageLate === late || (!pageLate && inTimeInARow < IN_TIME_AGAIN_AFTER)) return;
    late = pageLate;
    onLateness?.(late);
  }

  async function draw(page: PageRequest, source: PageDataJson): Promise<Buffer | null> {
    underWay += 1;
    const { port1: here, port2: there } = new MessageChannel();
    // A read that failed here fails the render there; the error answered is this one, not
    // the thread's copy of its text.
    let failure: unknown = null;
    serveSource(here, source, (error) => (failure ??= error));
    const task: RenderTask = { ...page, port: there };
    try {
      const document = await inSlice(
        thread.run(task, { transferList: [there] }) as Promise<Uint8Array | null>,
      );
      return document && Buffer.from(document.buffer, document.byteOffset, document.byteLength);
    } catch (error) {
      throw failure ?? error;
    } finally {
      underWay -= 1;
      here.close();
    }
  }

  return {
    render: async (page, source) => {
      if (underWay >= maxAtOnce) return null;
      const drawing = draw(page, source);
      let timer: NodeJS.Timeout | undefined;
      const overdue = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), waitMs);
      });
      try {
        const drawn = await Promise.race([drawing, overdue]);
        count(drawn === 'late');
        if (drawn !== 'late') return drawn;
        // Its reader gets the shell: what the render ends with is of no use to anyone.
        drawing.catch(() => undefined);
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
    get threads() {
      return thread.threads;
    },
    close: () => thread.close(),
  };
}
