import type { PostList } from '../../../contract/post';

/** The server inlines the first page of the default feed into the home page's HTML. */
const ELEMENT_ID = 'initial-feed';
const INLINED_QUERY = 'sort=recommended&page=1&limit=20';

let initialFeed: PostList | null | undefined;

/**
 * The inlined first page, if this page load came with one (read once; later visits to the
 * home page within the app fetch as usual). Anything unreadable counts as absent.
 */
export function takeInitialFeed(document: Document = window.document): PostList | null {
  if (initialFeed !== undefined) return initialFeed;
  const element = document.getElementById(ELEMENT_ID);
  initialFeed = null;
  if (element?.dataset.query === INLINED_QUERY) {
    try {
      const parsed = JSON.parse(element.textContent ?? '') as PostList;
      if (Array.isArray(parsed.posts)) initialFeed = parsed;
    } catch {
      initialFeed = null;
    }
  }
  element?.remove();
  return initialFeed;
}

/** For tests: forget what was read. */
export function resetInitialFeed(): void {
  initialFeed = undefined;
}
