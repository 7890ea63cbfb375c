import type { Plugin } from 'vite';
import { ROUTE_ASSETS_META } from '../contract/page-hints.ts';

/** The attribute the server-rendered first screen puts on its largest image (src/first-screen). */
const HERO_SELECTOR = 'img[data-first-screen-hero]';
/** However slow the image, the app starts after this long. */
const HERO_WAIT_MS = 1000;
/**
 * Preload links added per task: each costs about a millisecond on a slow phone (the fetch starts
 * as it is added), and the forty of a note page at once made one of the page's longest tasks.
 */
const LINKS_PER_TASK = 4;

function loaderScript(entry: string, preloads: string[]): string {
  return `<script type="module">
const entry = ${JSON.stringify(entry)};
const preloads = ${JSON.stringify(preloads)};
const routeAssets = document.querySelector(${JSON.stringify(`meta[name="${ROUTE_ASSETS_META}"]`)});
const addLinks = (hrefs) => {
  for (const href of hrefs.slice(0, ${LINKS_PER_TASK})) {
    const link = document.createElement('link');
    link.rel = href.endsWith('.css') ? 'stylesheet' : 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  if (hrefs.length > ${LINKS_PER_TASK}) setTimeout(() => addLinks(hrefs.slice(${LINKS_PER_TASK})));
};
let started = false;
const start = () => {
  if (started) return;
  started = true;
  const pageAssets = routeAssets ? routeAssets.content.split(' ').filter(Boolean) : [];
  addLinks([...preloads, ...pageAssets]);
  import(entry);
};
const afterPaint = () => requestAnimationFrame(() => setTimeout(start));
const hero = document.querySelector(${JSON.stringify(HERO_SELECTOR)});
if (hero && !hero.complete) {
  hero.addEventListener('load', afterPaint, { once: true });
  hero.addEventListener('error', start, { once: true });
} else {
  afterPaint();
}
setTimeout(start, ${HERO_WAIT_MS});
</script>`;
}

/**
 * Lets the HTML paint before the app's script loads. The page's own HTML (the static header and,
 * on the home page, the server-drawn first screen) is drawn first; the app's bundle is fetched
 * and run after that first frame — and, when the server sent a first screen, after its largest
 * image has arrived — so on a slow phone and network the bundle neither competes with that image
 * for bandwidth nor holds the main thread before anything shows. A hidden tab draws no frames,
 * hence the time limit. Where the server names the page's own bundle files (a `route-assets`
 * meta), they are fetched together with the entry's instead of after it has run.
 */
export function firstPaintLoader(): Plugin {
  return {
    name: 'first-paint-loader',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const tag = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!tag) throw new Error('first-paint-loader: the built HTML has no entry script');
        const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
        const preloads = [...html.matchAll(preloadTag)].map((match) => match[1]);
        return html.replace(preloadTag, '').replace(tag[0], loaderScript(tag[1], preloads));
      },
    },
  };
}
