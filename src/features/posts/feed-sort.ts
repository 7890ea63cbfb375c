import type { PostSort } from '../../../contract/post';

/** The home page's order when the address names none: 综合, the ranking. */
export const DEFAULT_SORT: PostSort = 'recommended';

/** The order an address's `sort` names (anything unknown reads as the default). */
export function sortOf(value: string | null): PostSort {
  return value === 'newest' || value === 'popular' ? value : DEFAULT_SORT;
}
