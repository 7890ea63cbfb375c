/** Every runtime cache of ours starts with this, so cleanup never touches anyone else's. */
export const CACHE_PREFIX = 'vibe-';

/** Bump when the way images are stored changes (image files themselves never change). */
const IMAGE_CACHE_VERSION = '1';

export interface CacheNames {
  images: string;
  api: string;
  /** Notes stored with 保存离线阅读: not expired by age, only by a schema change. */
  saved: string;
}

/**
 * API copies are versioned by the API schema rather than by the build: a deploy that leaves
 * the schema alone keeps what a user saved for offline reading, and one that changes it drops
 * every copy the new code could misread.
 */
export function cacheNames(schema: string): CacheNames {
  return {
    images: `${CACHE_PREFIX}images-v${IMAGE_CACHE_VERSION}`,
    api: `${CACHE_PREFIX}api-${schema}`,
    saved: `${CACHE_PREFIX}saved-${schema}`,
  };
}

/** Our caches that the current version no longer uses (to delete on activate). */
export function outdatedCaches(existing: string[], current: CacheNames): string[] {
  const keep = new Set(Object.values(current));
  return existing.filter((name) => name.startsWith(CACHE_PREFIX) && !keep.has(name));
}
