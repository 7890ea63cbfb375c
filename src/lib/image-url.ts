import { IMAGE_VARIANT_WIDTHS } from '../../contract/image-variants';
import { MAX_IMAGE_URL_LENGTH } from './constants';
import { siteOrigin } from './site-origin';

export const FALLBACK_IMAGE = '/images/fallback.png';

const KEPT_AS_IS = /^(https?:|data:|blob:)|^\/\//i;

/**
 * SPEC.md sections 2 and 3: absolute and data URLs stay, `/uploads/x` becomes
 * `<origin>/api/uploads/x`, other relative paths get the origin, and anything longer than
 * 2000 characters is refused (empty string).
 */
export function resolveImageUrl(src: string | null | undefined): string {
  const value = src?.trim() ?? '';
  if (!value || value.length > MAX_IMAGE_URL_LENGTH) return '';
  if (KEPT_AS_IS.test(value)) return value;
  const path = value.startsWith('/') ? value : `/${value}`;
  const origin = siteOrigin();
  return path.startsWith('/uploads/') ? `${origin}/api${path}` : `${origin}${path}`;
}

/**
 * A srcset of server-resized variants (`?w=`) for images the site itself serves; other hosts
 * cannot resize, so they get none.
 */
export function imageSrcSet(resolvedUrl: string): string | undefined {
  if (!resolvedUrl.startsWith(`${siteOrigin()}/api/uploads/`)) return undefined;
  const joiner = resolvedUrl.includes('?') ? '&' : '?';
  return IMAGE_VARIANT_WIDTHS.map((width) => `${resolvedUrl}${joiner}w=${width} ${width}w`).join(
    ', ',
  );
}
