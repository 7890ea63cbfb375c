import { IMAGE_VARIANT_WIDTHS } from '../../contract/image-variants';
import { IMAGE_MIN_SCALED_WIDTH, TIMESTAMP_PARAM } from './constants';
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
 * The width for a slow connection or data saver: the page's width times the profile's scale,
 * snapped down to a width the site makes, never below IMAGE_MIN_SCALED_WIDTH nor above what
 * the page asked.
 */
export function scaledWidth(asked: number, scale: number): number {
  if (scale >= 1 || !Number.isFinite(asked) || asked <= IMAGE_MIN_SCALED_WIDTH) return asked;
  const target = asked * scale;
  const fitting = IMAGE_VARIANT_WIDTHS.filter((width) => width <= target);
  return Math.min(asked, Math.max(IMAGE_MIN_SCALED_WIDTH, fitting.at(-1) ?? 0));
}

/**
 * The variant the worker asks for: quality from the device profile (never above what the page
 * asked), the page's width scaled by the profile or the profile's default. Parameters are
 * sorted so that one variant has one URL, which is also its cache key.
 */
export function imageVariantUrl(url: URL, profile: NetworkProfile): URL {
  const variant = new URL(url.href);
  variant.hash = '';
  variant.searchParams.delete(TIMESTAMP_PARAM);
  const asked = parsedQuality(variant.searchParams.get('q'));
  const quality = asked === null ? profile.imageQuality : Math.min(asked, profile.imageQuality);
  variant.searchParams.set('q', String(quality));
  const width = Number(variant.searchParams.get('w'));
  if (!variant.searchParams.has('w') || !(width > 0)) {
    variant.searchParams.set('w', String(profile.defaultImageWidth));
  } else if (profile.imageWidthScale < 1) {
    variant.searchParams.set('w', String(scaledWidth(width, profile.imageWidthScale)));
  }
  variant.searchParams.sort();
  return variant;
}

/** The same file whatever its variant: the offline fallback looks for any cached variant. */
export function imageFileKey(url: URL): string {
  return url.origin + url.pathname;
}
