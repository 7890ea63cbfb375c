import {
  APP_SCRIPTS_ELEMENT_ID,
  ROUTE_SCRIPTS_ELEMENT_ID,
  WIDE_FEED_MIN_WIDTH,
} from '../../contract/page-hints';
import type { AppScripts } from '../../contract/page-hints';
import { holdEarlyPresses } from './early-presses';

/**
 * The page's only script tag (build-tools/after-first-paint.ts puts it in index.html): it lets
 * the HTML paint before the app's bundle is fetched. The server's rendered page, or the static
 * header elsewhere, is drawn first; the bundle then loads after that first frame and, when the
 * page has a high-priority image (a rendered feed's first cover), after that image has arrived,
 * so on a slow phone and network the bundle neither competes with it for bandwidth nor holds
 * the main thread before anything shows. A hidden tab draws no frames, hence the time limit.
 * On a screen wider than two columns the app starts at once instead: where the browser did not
 * name its width (contract/feed-columns.ts) the server drew the feed in two, and the app re-lays
 * it in more, which must happen before the first paint, not after (a layout shift).
 */

/** However slow the image, the app starts after this long. */
const HERO_WAIT_MS = 1000;
/**
 * Preload links added per task: each costs about a millisecond on a slow phone (its fetch
 * starts as it is added), and forty at once made one of a note page's longest tasks.
 */
const LINKS_PER_TASK = 4;

function readJson<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : null;
}

function addPreloads(hrefs: string[]): void {
  for (const href of hrefs.slice(0, LINKS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (hrefs.length > LINKS_PER_TASK) setTimeout(() => addPreloads(hrefs.slice(LINKS_PER_TASK)));
}

holdEarlyPresses();

const app = readJson<AppScripts>(APP_SCRIPTS_ELEMENT_ID);
if (!app) throw new Error(`index.html has no #${APP_SCRIPTS_ELEMENT_ID} element`);
const { entry, preloads } = app;

let started = false;
function start(): void {
  if (started) return;
  started = true;
  addPreloads([...preloads, ...(readJson<string[]>(ROUTE_SCRIPTS_ELEMENT_ID) ?? [])]);
  void import(/* @vite-ignore */ entry);
}

const afterPaint = () => requestAnimationFrame(() => setTimeout(start));
const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
if (window.matchMedia(`(min-width: ${WIDE_FEED_MIN_WIDTH}px)`).matches) {
  start();
} else if (hero && !hero.complete) {
  hero.addEventListener('load', afterPaint, { once: true });
  hero.addEventListener('error', start, { once: true });
} else {
  afterPaint();
}
setTimeout(start, HERO_WAIT_MS);
