import { STORED_AT_HEADER } from './api-cache';
import { MemoryCache } from './memory-cache';
import {
  IMAGE_ERROR_LOG_ENTRIES,
  IMAGE_ERROR_LOG_MAX_AGE_MS,
  IMAGE_HEAD_TIMEOUT_MS,
  MEMORY_ITEMS,
} from './constants';
import { fetchWith429Retries } from './image-rate-limiter';
import type { ImageRateLimiter, ScheduleOptions } from './image-rate-limiter';
import { imageFileKey, imageVariantUrl } from './image-url';
import type { NetworkProfile } from './network-profile';

/** Where variants are kept on disk (Cache Storage in the worker, a Map in tests). */
export interface ImageStore {
  /** The exact variant. */
  match(key: string): Promise<Response | undefined>;
  /** Any stored variant of the same file: better than nothing when offline. */
  matchAnyVariant(url: string): Promise<Response | undefined>;
  put(key: string, response: Response): Promise<void>;
}

export interface ImageLoaderOptions {
  profile: () => NetworkProfile;
  store: ImageStore;
  limiter: ImageRateLimiter;
  fetch: (request: Request) => Promise<Response>;
}

interface Remembered {
  body: Blob;
  headers: Array<[string, string]>;
}

function storedAt(response: Response): number {
  const stamped = Number(response.headers.get(STORED_AT_HEADER));
  if (stamped > 0) return stamped;
  const date = Date.parse(response.headers.get('date') ?? '');
  return Number.isFinite(date) ? date : 0;
}

async function stamped(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(STORED_AT_HEADER, String(Date.now()));
  return new Response(await response.blob(), { status: response.status, headers });
}

/** The page's hints the server's variants honour: WebP support and Save-Data. */
const FORWARDED = ['accept', 'save-data'];

function forwardedHeaders(request: Request): Headers {
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

/** What the page gets when there is no image to give: its <img> shows the fallback image. */
function unavailable(): Response {
  return new Response(null, { status: 504, statusText: 'Image unavailable' });
}

/**
 * Cache-first image loading (SPEC.md section 9): the variant the device profile calls for,
 * from memory, then disk while young enough, then the network through the rate limiter. An
 * image whose load failed in the last 30 minutes is not fetched again blindly: a HEAD check
 * (5 s) asks first, or, with data saver, the fallback shows at once.
 */
export class ImageLoader {
  private readonly options: ImageLoaderOptions;
  private readonly memory: MemoryCache<string, Remembered>;
  private readonly failures = new MemoryCache<string, true>({
    maxEntries: IMAGE_ERROR_LOG_ENTRIES,
    maxAgeMs: IMAGE_ERROR_LOG_MAX_AGE_MS,
  });

  constructor(options: ImageLoaderOptions) {
    this.options = options;
    this.memory = new MemoryCache({
      maxEntries: () => options.profile().memoryItems,
      ceiling: MEMORY_ITEMS,
    });
  }

  /**
   * `request` is the page's: its Accept header decides WebP, its URL the file and width.
   * `options.wanted` skips the minute budget for an image the reader asked for.
   */
  async load(request: Request, options: ScheduleOptions = {}): Promise<Response> {
    const url = new URL(request.url);
    const headers = forwardedHeaders(request);
    const profile = this.options.profile();
    const variant = imageVariantUrl(url, profile);
    const key = variant.href;
    const fileKey = imageFileKey(variant);

    const remembered = this.memory.get(key);
    if (remembered) return new Response(remembered.body, { headers: remembered.headers });

    const cached = await this.options.store.match(key);
    if (cached && Date.now() - storedAt(cached) <= profile.imageCacheMaxAgeMs) {
      await this.remember(key, cached.clone());
      return cached;
    }
    const fallback = async (otherwise = unavailable()) =>
      cached ?? (await this.options.store.matchAnyVariant(fileKey)) ?? otherwise;

    if (this.failures.has(fileKey)) {
      if (!profile.headChecks || !(await this.isAvailable(variant, headers, options))) {
        return fallback();
      }
    }

    let response: Response;
    try {
      response = await fetchWith429Retries(
        this.options.limiter,
        key,
        () =>
          this.options.fetch(new Request(variant.href, { headers, credentials: 'same-origin' })),
        options,
      );
    } catch {
      // Offline or a dropped connection says nothing about the image: no error log entry.
      return fallback();
    }
    if (!response.ok) {
      this.failures.set(fileKey, true);
      return fallback(response);
    }
    this.failures.delete(fileKey);
    const copy = await stamped(response);
    await this.options.store.put(key, copy.clone());
    await this.remember(key, copy.clone());
    return copy;
  }

  /** Lets images on screen go first (from the page's list of visible image URLs). */
  prioritise(urls: string[]): void {
    const profile = this.options.profile();
    this.options.limiter.prioritise(urls.map((url) => imageVariantUrl(new URL(url), profile).href));
  }

  private async isAvailable(
    variant: URL,
    headers: Headers,
    options: ScheduleOptions,
  ): Promise<boolean> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), IMAGE_HEAD_TIMEOUT_MS);
    try {
      const response = await this.options.limiter.schedule(
        variant.href,
        () =>
          this.options.fetch(
            new Request(variant.href, { method: 'HEAD', headers, signal: controller.signal }),
          ),
        options,
      );
      return response.ok;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  private async remember(key: string, response: Response): Promise<void> {
    this.memory.set(key, { body: await response.blob(), headers: [...response.headers] });
  }
}
