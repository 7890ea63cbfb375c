import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { PageDataSource, RenderPage } from '../../../contract/page-data.ts';
import { orderedWorkerPool } from '../../db/worker-pool.ts';
import { inSlice } from '../../lib/turn-slices.ts';

/**
 * Renders asked for and not yet drawn beyond this are not queued: the page is then the shell,
 * which the app draws by itself, as for a server run without a renderer. A home page takes the
 * render thread some 10-16 ms on the bench's machine, so this is about a second of them.
 */
export const MAX_RENDERS_AT_ONCE = 64;

/** What page-render-worker.js is asked: `RenderPage`'s arguments, the source as a port. */
export interface RenderTask {
  url: string;
  viewer: Parameters<RenderPage>[1];
  columns: number | null;
  /** Where the thread asks for the page's reads (`SourceCall`) and hears them (`SourceAnswer`). */
  port: MessagePort;
}

export type SourceMethod = keyof PageDataSource;
export interface SourceCall {
  id: number;
  method: SourceMethod;
  args: unknown[];
}
export type SourceAnswer = { id: number; value: unknown } | { id: number; failed: string };

export interface PageRenderer {
  /**
   * `RenderPage`, on the render thread; null also when `maxAtOnce` renders are under way.
   */
  render: RenderPage;
  close(): Promise<void>;
}

/** Answers the render thread's reads for one page from `source`, on this thread. */
function serveSource(port: MessagePort, source: PageDataSource, failed: (error: unknown) => void) {
  port.on('message', ({ id, method, args }: SourceCall) => {
    const read = source[method] as (...args: unknown[]) => Promise<unknown>;
    read(...args).then(
      (value) => port.postMessage({ id, value } satisfies SourceAnswer),
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
 * by the first page holds the renderer (React and the app's pages, some 40 MiB that this thread
 * no longer loads); the page's reads still run here, through the app's services, asked for over
 * a port of the page's own.
 */
export async function loadPageRenderer(
  modulePath: string | null,
  maxAtOnce = MAX_RENDERS_AT_ONCE,
): Promise<PageRenderer | null> {
  if (!modulePath || !existsSync(modulePath)) return null;
  const thread = orderedWorkerPool({
    filename: new URL('./page-render-worker.js', import.meta.url),
    workerData: { renderer: pathToFileURL(modulePath).href },
    minThreads: 0,
    maxThreads: 1,
    maxQueue: Number.POSITIVE_INFINITY,
  });
  let underWay = 0;
  return {
    render: async (url, viewer, source, columns) => {
      if (underWay >= maxAtOnce) return null;
      underWay += 1;
      const { port1: here, port2: there } = new MessageChannel();
      // A read that failed here fails the render there; the error answered is this one, not
      // the thread's copy of its text.
      let failure: unknown = null;
      serveSource(here, source, (error) => (failure ??= error));
      const task: RenderTask = { url, viewer, columns, port: there };
      try {
        return await inSlice(thread.run(task, { transferList: [there] }) as ReturnType<RenderPage>);
      } catch (error) {
        throw failure ?? error;
      } finally {
        underWay -= 1;
        here.close();
      }
    },
    close: () => thread.close(),
  };
}
