/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { replayOutbox, OUTBOX_SYNC_TAG } from '../shared/offline/outbox';
import {
  ANONYMOUS_VIEWER,
  apiCacheKey,
  isCacheableApiResponse,
  isCachedApiRead,
  isUsableCopy,
  SHARED_READS,
  stampForCache,
  viewerOf,
} from './lib/api-cache';
import { cacheNames, outdatedCaches } from '../shared/offline/cache-names';
import {
  API_CACHE_MAX_AGE_MS,
  API_CACHE_MAX_ENTRIES,
  API_NETWORK_TIMEOUT_MS,
  IMAGE_CACHE_MAX_AGE_SLOW_MS,
  IMAGE_CACHE_MAX_ENTRIES,
} from './lib/constants';
import { ImageLoader } from './lib/image-loader';
import type { ImageStore } from './lib/image-loader';
import { ImageRateLimiter } from './lib/image-rate-limiter';
import { imageVariantUrl, isUploadedImage } from './lib/image-url';
import { networkProfile, readDeviceSignals } from './lib/network-profile';
import type { NavigatorLike } from './lib/network-profile';
import { workerTransport } from './lib/outbox-transport';
import {
  notificationTarget,
  openNotificationTarget,
  readPushPayload,
  showPushNotification,
} from './lib/push-notifications';
import { createSavedNotes, isSavedNotesRequest } from './lib/saved-notes';

declare const self: ServiceWorkerGlobalScope;
/** Set by vite.config.ts: a hash of contract/, the shape of every API answer. */
declare const __API_SCHEMA__: string;

/** Background Sync is not in TypeScript's worker types yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

const origin = self.location.origin;
const names = cacheNames(__API_SCHEMA__);
const profile = () => networkProfile(readDeviceSignals(self.navigator as NavigatorLike));

// The shell: every file of the build, versioned by Workbox's revision hashes.
// No directory index: "/" is a page like any other and goes network-first below.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();
navigationPreload.enable();

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (!data || typeof data !== 'object' || !('type' in data)) return;
  // workbox-window's messageSkipWaiting(): the reader pressed 刷新 on "有新版本".
  if (data.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data.type === 'VISIBLE_IMAGES' && 'urls' in data && Array.isArray(data.urls)) {
    images.prioritise(data.urls.filter((url): url is string => typeof url === 'string'));
  }
});

clientsClaim();

/** Stores the shared reads (categories, plans) so a first offline visit can still use them. */
async function warmSharedReads(): Promise<void> {
  const cache = await caches.open(names.api);
  await Promise.all(
    SHARED_READS.map(async (path) => {
      const response = await fetch(path).catch(() => null);
      if (response && isCacheableApiResponse(response)) {
        const key = apiCacheKey(new URL(path, origin), ANONYMOUS_VIEWER);
        await cache.put(key, await stampForCache(response, __API_SCHEMA__));
      }
    }),
  );
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((existing) =>
        Promise.all(outdatedCaches(existing, names).map((name) => caches.delete(name))),
      )
      .then(warmSharedReads),
  );
});

// Images: cache-first through the rate limiter, kept 7 days (14 on slow connections).
const imageExpiration = new CacheExpiration(names.images, {
  maxEntries: IMAGE_CACHE_MAX_ENTRIES,
  maxAgeSeconds: IMAGE_CACHE_MAX_AGE_SLOW_MS / 1000,
});

async function purgeImages(): Promise<void> {
  await caches.delete(names.images);
  await imageExpiration.delete();
}

async function matchIn(cacheNamesToSearch: string[], key: string, options?: CacheQueryOptions) {
  for (const name of cacheNamesToSearch) {
    const found = await (await caches.open(name)).match(key, options);
    if (found) return found;
  }
  return undefined;
}

const imageStore: ImageStore = {
  match: (key) => matchIn([names.images, names.saved], key),
  matchAnyVariant: (url) => matchIn([names.images, names.saved], url, { ignoreSearch: true }),
  async put(key, response) {
    try {
      await (await caches.open(names.images)).put(key, response);
      await imageExpiration.updateTimestamp(key);
      void imageExpiration.expireEntries();
    } catch (error) {
      // purgeOnQuotaError: images are the cheapest thing to give up when the disk is full.
      if (error instanceof DOMException && error.name === 'QuotaExceededError') await purgeImages();
    }
  },
};

const images = new ImageLoader({
  profile,
  store: imageStore,
  limiter: new ImageRateLimiter(profile),
  fetch: (request) => fetch(request),
});

registerRoute(
  ({ request, url }) => request.method === 'GET' && isUploadedImage(url, origin),
  ({ request }) => images.load(request),
);

// API reads: network-first with a short timeout, then the copy of this viewer and schema.
async function apiKeyOf(request: Request): Promise<string> {
  return apiCacheKey(new URL(request.url), await viewerOf(request.headers.get('authorization')));
}

async function cachedApiCopy(key: string): Promise<Response | undefined> {
  const copy = await matchIn([names.api, names.saved], key);
  return copy && isUsableCopy(copy, __API_SCHEMA__, Number.POSITIVE_INFINITY) ? copy : undefined;
}

registerRoute(
  ({ request, url }) => isCachedApiRead(request.method, url, origin),
  new NetworkFirst({
    cacheName: names.api,
    networkTimeoutSeconds: API_NETWORK_TIMEOUT_MS / 1000,
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) => apiKeyOf(request),
        cacheWillUpdate: async ({ response }) =>
          isCacheableApiResponse(response) ? stampForCache(response, __API_SCHEMA__) : null,
        cachedResponseWillBeUsed: async ({ cachedResponse }) =>
          cachedResponse && isUsableCopy(cachedResponse, __API_SCHEMA__, API_CACHE_MAX_AGE_MS)
            ? cachedResponse
            : null,
        // Nothing in the API cache: a note saved with 保存离线阅读 may still be there.
        handlerDidError: async ({ request }) =>
          (await matchIn([names.saved], await apiKeyOf(request))) ?? undefined,
      },
      new ExpirationPlugin({
        maxEntries: API_CACHE_MAX_ENTRIES,
        maxAgeSeconds: API_CACHE_MAX_AGE_MS / 1000,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// 保存离线阅读: the worker's own small API.
const savedNotes = createSavedNotes({
  origin,
  schema: __API_SCHEMA__,
  saved: () => caches.open(names.saved),
  cachedRead: cachedApiCopy,
  fetch: (request) => fetch(request),
  async loadImage(url) {
    const request = new Request(url, { headers: { accept: 'image/webp,image/*' } });
    const key = imageVariantUrl(new URL(url), profile()).href;
    return { key, response: await images.load(request, { wanted: true }) };
  },
});

registerRoute(
  ({ url }) => isSavedNotesRequest(url, origin),
  ({ request }) => savedNotes.handle(request),
  'GET',
);
for (const method of ['POST', 'DELETE'] as const) {
  registerRoute(
    ({ url }) => isSavedNotesRequest(url, origin),
    ({ request }) => savedNotes.handle(request),
    method,
  );
}

// Pages: the network first (a deploy is seen at once, and the server renders the page for its
// reader), the precached shell when it does not answer (the app draws it without server data:
// it holds no page data, so main.tsx renders instead of hydrating), the offline page if even
// that is missing.
async function shellOrOffline(): Promise<Response> {
  return (
    (await matchPrecache('/index.html')) ??
    (await matchPrecache('/offline.html')) ??
    Response.error()
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
  async ({ event, request }) => {
    const network = (async () => {
      const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
      return preloaded ?? fetch(request);
    })();
    try {
      const response = await withTimeout(network, API_NETWORK_TIMEOUT_MS);
      return response.status >= 500 ? shellOrOffline() : response;
    } catch {
      return shellOrOffline();
    }
  },
);

// The outbox: Background Sync wakes the worker when the network is back, even with no tab open.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    replayOutbox({ transport: workerTransport() }).then((result) => {
      // Rejecting asks the browser to try the sync again later.
      if (result.waiting > 0) throw new Error('outbox still waiting');
    }),
  );
});

// Web Push: the server sends news only when no page of the site is open, so each one is shown.
self.addEventListener('push', (event) => {
  const payload = readPushPayload(() => event.data?.json());
  event.waitUntil(showPushNotification(self.registration, payload));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    openNotificationTarget(self.clients, notificationTarget(event.notification.data, origin)),
  );
});
