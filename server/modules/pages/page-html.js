// How a rendered page becomes its document: run by the page-render thread (page-render-worker.js),
// so plain JavaScript, as that thread's other modules are.

/** Where index.html keeps what the app replaces: the static header drawn before it loads. */
const APP_REGION = /<!--app-->[\s\S]*?<!--\/app-->/;
/**
 * What React 19 writes first for a page rendered outside a full document: the `<title>`,
 * `<meta>` and `<link>` elements the page asked to be hoisted into the head.
 */
const HOISTED = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*\/?>)+/;
/** index.html's default title and description, for pages that state none. */
const SHELL_META = /<(title|meta)\b[^>]*\bdata-shell-meta\b[^>]*>(?:[^<]*<\/title>)?\s*/g;

/**
 * JSON inside `<script>`: nothing in it may close the element or start a comment.
 * @param {unknown} value
 */
function scriptJson(value) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Holds the first paint until the parser has passed the page's data, which follows all of its
 * markup: a browser that paints a half-parsed page (Chromium does when the CPU is busy) showed
 * the login sheet with its title alone, then grew it over the page (a layout shift of 0.2-0.3).
 * Browsers without `rel="expect"` ignore it.
 * @param {string} dataElementId
 */
const paintAfterParse = (dataElementId) =>
  `<link rel="expect" href="#${dataElementId}" blocking="render">`;

/**
 * A rendered page in the shell: its hoisted tags and its bundle's files in the head (the sign-in
 * bundles' for a visitor sent to sign in), its markup in `#root`, and the data it was rendered
 * with once, as JSON the browser hydrates from.
 * @param {import('./page-html.d.ts').PageFrame} frame
 * @param {import('../../../contract/page-data.ts').RenderedPage} page
 * @param {string} bundle a key of `frame.assetLinks`
 * @returns {string}
 */
export function pageHtml(frame, page, bundle) {
  const hoisted = HOISTED.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(hoisted.length);
  const head = hoisted.includes('<title>') ? frame.shell.replace(SHELL_META, '') : frame.shell;
  const assetLinks = page.data.signInFrom ? frame.signInAssetLinks : frame.assetLinks[bundle];
  const data =
    `<script type="application/json" id="${frame.dataElementId}">` +
    `${scriptJson(page.data)}</script>`;
  return head
    .replace('</head>', `${hoisted}${assetLinks}${paintAfterParse(frame.dataElementId)}</head>`)
    .replace(APP_REGION, () => body)
    .replace('</body>', () => `${data}</body>`);
}
