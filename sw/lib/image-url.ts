import { TIMESTAMP_PARAM } from './constants';
import type { NetworkProfile } from './network-profile';

const UPLOADS_PATH = /^\/api\/uploads\/[^/]+$/;

/** An image file the site serves (`/api/uploads/<name>`), on the worker's own origin. */
export function isUploadedImage(url: URL, origin: string): boolean {
  return url.origin === origin && UPLOADS_PATH.test(url.pathname);
}

function parsedQuality(value: string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) return null;
  // The server takes 0.3–1 or 30–100.
  return number > 1 ? number / 100 : number;
}

/**
 * The variant the worker asks for: quality from the device profile (never above what the page
 * asked), the page's width or the profile's default. Parameters are sorted so that one variant
 * has one URL, which is also its cache key.
 */
export function imageVariantUrl(url: URL, profile: NetworkProfile): URL {
  const variant = new URL(url.href);
  variant.hash = '';
  variant.searchParams.delete(TIMESTAMP_PARAM);
  const asked = parsedQuality(variant.searchParams.get('q'));
  const quality = asked === null ? profile.imageQuality : Math.min(asked, profile.imageQuality);
  variant.searchParams.set('q', String(quality));
  if (!variant.searchParams.has('w')) {
    variant.searchParams.set('w', String(profile.defaultImageWidth));
  }
  variant.searchParams.sort();
  return variant;
}

/** The same file whatever its variant: the offline fallback looks for any cached variant. */
export function imageFileKey(url: URL): string {
  return url.origin + url.pathname;
}
