// The server's page-render thread (page-renderer.ts): React draws every server-rendered page
// here, and the page's document is made and encoded here, so that no page holds the thread that
// answers requests. Plain JavaScript, as read-worker.js and for the same reason. The renderer is
// the build's (dist-ssr/), loaded once; the page's reads are asked of the thread that answers
// requests, over the task's port, and come back as the API's JSON.
// Lowered in priority, as the search threads are: when every core is busy, the thread that
// answers requests runs first, and pages wait (past MAX_RENDERS_AT_ONCE they are the shell).
import { workerData } from 'node:worker_threads';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { move } from 'piscina';
import { runInBackground } from '../../db/background-priority.js';
import { pageHtml } from './page-html.js';

runInBackground();

/** @type {{ renderPage: import('../../../contract/page-data.ts').RenderPage }} */
const { renderPage } = await import(workerData.renderer);
/** @type {import('./page-html.d.ts').PageFrame} */
const frame = workerData.frame;

/** @type {import('./page-renderer.ts').SourceMethod[]} */
const METHODS = ['categories', 'feed', 'post', 'user', 'userPosts', 'searchUsers'];

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/**
 * A `PageDataSource` whose every read is answered over `port`, as JSON text or its UTF-8 bytes.
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
    else {
      const { json } = answer;
      call?.resolve(JSON.parse(typeof json === 'string' ? json : decoder.decode(json)));
    }
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
 * `html` as UTF-8, compressed as the compression plugin would (server/plugins/compression.ts).
 * @param {string} html
 * @param {import('../../plugins/compression.ts').ResponseEncoding | null} encoding
 * @returns {Uint8Array}
 */
function encoded(html, encoding) {
  const bytes = encoder.encode(html);
  if (encoding === 'gzip') return gzipSync(bytes);
  if (encoding === 'br') return brotliCompressSync(bytes, workerData.brotliOptions);
  return bytes;
}

/**
 * The page's whole document, encoded, moved to the thread that asked (not copied); null when the
 * renderer draws no page for this address.
 * @param {import('./page-renderer.ts').RenderTask} task
 */
export default async function render(task) {
  try {
    const page = await renderPage(task.url, task.viewer, sourceOver(task.port), task.columns);
    return page && move(encoded(pageHtml(frame, page, task.bundle), task.encoding));
  } finally {
    task.port.close();
  }
}
