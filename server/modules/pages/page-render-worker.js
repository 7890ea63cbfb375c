// The server's page-render thread (page-renderer.ts): React draws every server-rendered page
// here, so that no page holds the thread that answers requests. Plain JavaScript, as
// read-worker.js and for the same reason. The renderer is the build's (dist-ssr/), loaded once;
// the page's reads are asked of the thread that answers requests, over the task's port.
// Lowered in priority, as the search threads are: when every core is busy, the thread that
// answers requests runs first, and pages wait (past MAX_RENDERS_AT_ONCE they are the shell).
import { workerData } from 'node:worker_threads';
import { runInBackground } from '../../db/background-priority.js';

runInBackground();

/** @type {{ renderPage: import('../../../contract/page-data.ts').RenderPage }} */
const { renderPage } = await import(workerData.renderer);

/** @type {import('./page-renderer.ts').SourceMethod[]} */
const METHODS = ['categories', 'feed', 'post', 'user', 'userPosts', 'searchUsers'];

/**
 * A `PageDataSource` whose every read is answered over `port`.
 * @param {import('node:worker_threads').MessagePort} port
 * @returns {import('../../../contract/page-data.ts').PageDataSource}
 */
function sourceOver(port) {
  /** @type {Map<number, { resolve: (value: unknown) => void, reject: (error: Error) => void }>} */
  const waiting = new Map();
  let next = 0;
  port.on('message', (/** @type {import('./page-renderer.ts').SourceAnswer} */ answer) => {
    const call = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('failed' in answer) call?.reject(new Error(answer.failed));
    else call?.resolve(answer.value);
  });
  const read = (/** @type {string} */ method, /** @type {unknown[]} */ args) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      port.postMessage({ id, method, args });
    });
  return /** @type {any} */ (
    Object.fromEntries(METHODS.map((method) => [method, (...args) => read(method, args)]))
  );
}

/**
 * @param {import('./page-renderer.ts').RenderTask} task
 */
export default async function render(task) {
  try {
    return await renderPage(task.url, task.viewer, sourceOver(task.port), task.columns);
  } finally {
    task.port.close();
  }
}
