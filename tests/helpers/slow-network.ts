import type { Browser, CDPSession, Page } from 'playwright-core';

/**
 * The home page's images on a normal connection and on slow 3G with data saver, measured in a
 * real Chromium with the service worker in control (a repeat visit, as readers who installed the
 * app make). Used by bench/slow-network.ts and tests/e2e/slow-network.test.ts.
 *
 * Chromium's network emulation is per target: the page's does not reach the worker's own
 * requests (the images it fetches), so the worker's target is throttled too, through the
 * browser's CDP session (Target.sendMessageToTarget: Playwright has no session for workers).
 */

/** DevTools' "Slow 3G": 2 s round trips, 400 kbit/s (500 × 0.8) both ways. */
export const SLOW_3G = {
  offline: false,
  latency: 2_000,
  downloadThroughput: 50_000,
  uploadThroughput: 50_000,
  connectionType: 'cellular3g',
} as const;

/** How long with nothing in flight counts as a quiet network. */
const QUIET_MS = 3_000;
const MEASURE_LIMIT_MS = 150_000;

export interface ImageMeasure {
  /** Bytes of uploaded images that came over the network (the worker's fetches; bodies only). */
  imageBytes: number;
  imageRequests: number;
  /** Body bytes per image file (`/api/uploads/<name>`, whatever the variant). */
  bytesByFile: Map<string, number>;
  /** From the navigation until every image on the first screen shows its pixels. */
  firstScreenMs: number;
  /** From then until the network was quiet: nothing in flight, page or worker. */
  quietAfterFirstScreenMs: number;
}

interface NetworkEvent {
  method: string;
  params: {
    requestId?: string;
    request?: { url: string };
    encodedDataLength?: number;
  };
}

const fileOf = (url: string) => new URL(url).pathname;

/** Follows the requests of one target: what is in flight, when anything last moved. */
class NetworkWatch {
  readonly inFlight = new Set<string>();
  lastActivity = Date.now();
  imageRequests = 0;
  readonly bytesByFile = new Map<string, number>();
  /** Request id → file, for the worker's image requests. */
  private readonly images = new Map<string, string>();

  get imageBytes(): number {
    let total = 0;
    for (const bytes of this.bytesByFile.values()) total += bytes;
    return total;
  }

  handle({ method, params }: NetworkEvent) {
    const id = params.requestId;
    if (!id) return;
    if (method === 'Network.requestWillBeSent') {
      this.inFlight.add(id);
      if (params.request?.url.includes('/api/uploads/')) {
        this.images.set(id, fileOf(params.request.url));
        this.imageRequests++;
      }
    } else if (method === 'Network.dataReceived') {
      // The body's bytes as they came over the wire (loadingFinished adds the headers).
      const file = this.images.get(id);
      if (file) {
        this.bytesByFile.set(
          file,
          (this.bytesByFile.get(file) ?? 0) + (params.encodedDataLength ?? 0),
        );
      }
    } else if (method === 'Network.loadingFinished' || method === 'Network.loadingFailed') {
      this.inFlight.delete(id);
    } else {
      return;
    }
    this.lastActivity = Date.now();
  }
}

const EVENTS = [
  'Network.requestWillBeSent',
  'Network.dataReceived',
  'Network.loadingFinished',
  'Network.loadingFailed',
] as const;

/** Attaches to the site's service worker and returns a sender for its CDP commands. */
async function workerSession(browser: Browser, watch: NetworkWatch, origin: string) {
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  const worker = targetInfos.find(
    (target) => target.type === 'service_worker' && target.url.startsWith(origin),
  );
  if (!worker) throw new Error('no service worker target');
  const { sessionId } = await session.send('Target.attachToTarget', {
    targetId: worker.targetId,
    flatten: false,
  });
  let nextId = 0;
  const answers = new Map<number, () => void>();
  session.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as NetworkEvent & { id?: number };
    if (message.id !== undefined) answers.get(message.id)?.();
    else watch.handle(message);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<void>((resolve) => {
      const id = ++nextId;
      answers.set(id, resolve);
      void session.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      });
    });
  return { send, detach: () => session.detach() };
}

async function throttle(send: (method: string, params: object) => Promise<unknown>) {
  await send('Network.emulateNetworkConditions', SLOW_3G);
  await send('Network.setExtraHTTPHeaders', { headers: { 'Save-Data': 'on' } });
}

/** Resolves when every uploaded image inside the viewport shows its pixels. */
function firstScreenLoaded(page: Page) {
  return page.waitForFunction(
    () => {
      const onScreen = [...document.images].filter((image) => {
        if (!image.src.includes('/api/uploads/')) return false;
        const box = image.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight && box.width > 0;
      });
      return (
        onScreen.length > 0 && onScreen.every((image) => image.complete && image.naturalWidth > 0)
      );
    },
    null,
    { timeout: MEASURE_LIMIT_MS, polling: 100 },
  );
}

/**
 * One reader on a phone (390×844 at 3×) opening the home page with the worker installed, on a
 * normal connection or on slow 3G with Save-Data.
 */
export async function measureHomeImages(
  browser: Browser,
  origin: string,
  slow: boolean,
): Promise<ImageMeasure> {
  const context = await browser.newContext({
    baseURL: origin,
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    // The first visit (a page without note images) installs the worker, which then controls
    // the measured visit with empty image caches, in memory and on disk.
    await page.goto('/login');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.waitForLoadState('networkidle');

    const watch = new NetworkWatch();
    const pageSession: CDPSession = await context.newCDPSession(page);
    for (const name of EVENTS) {
      pageSession.on(name, (params) =>
        // Page requests only count for "in flight"; image bytes are the worker's.
        watch.handle({ method: name, params: { ...params, request: undefined } }),
      );
    }
    await pageSession.send('Network.enable');
    await pageSession.send('Network.setCacheDisabled', { cacheDisabled: true });
    const worker = await workerSession(browser, watch, origin);
    await worker.send('Network.enable');
    if (slow) {
      await throttle((method, params) => pageSession.send(method as never, params as never));
      await throttle(worker.send);
    }

    const started = Date.now();
    await page.goto('/', { waitUntil: 'commit', timeout: MEASURE_LIMIT_MS });
    await firstScreenLoaded(page);
    const firstScreen = Date.now();
    while (Date.now() - started < MEASURE_LIMIT_MS) {
      if (watch.inFlight.size === 0 && Date.now() - watch.lastActivity >= QUIET_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await worker.detach();
    return {
      imageBytes: watch.imageBytes,
      imageRequests: watch.imageRequests,
      bytesByFile: watch.bytesByFile,
      firstScreenMs: firstScreen - started,
      quietAfterFirstScreenMs: Math.max(0, watch.lastActivity - firstScreen),
    };
  } finally {
    await context.close();
  }
}

/**
 * Slow bytes over normal bytes for the image files both visits loaded: a lazy image the slow
 * visit fetched further ahead (Chromium looks 2,500 px ahead on slow connections) is not a
 * change of size, so it is left out of this ratio (the totals show it).
 */
export function sameImagesRatio(normal: ImageMeasure, slow: ImageMeasure): number {
  let normalBytes = 0;
  let slowBytes = 0;
  for (const [file, bytes] of slow.bytesByFile) {
    const before = normal.bytesByFile.get(file);
    if (before === undefined) continue;
    normalBytes += before;
    slowBytes += bytes;
  }
  return slowBytes / normalBytes;
}
