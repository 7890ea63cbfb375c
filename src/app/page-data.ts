import { matchPath } from 'react-router-dom';
import { unstable_serialize as serializeKey } from 'swr';
import type { CurrentUser } from '../../contract/auth';
import type { PageDataSource } from '../../contract/page-data';
import { POST_LIMITS } from '../../contract/post-rules';
import { postKey } from '../lib/post-key';
import { returnPathOf } from '../lib/return-path';
import { profileCacheKey } from '../lib/user-fetch';
import { sortOf } from '../features/posts/feed-sort';
import { renderMarkdown } from '../features/posts/markdown';
import { renderedBodyKey } from '../features/posts/rendered-body';
import type { RenderedBody } from '../features/posts/rendered-body';
import { FEED_PAGE_SIZE, feedListKey } from '../features/posts/hooks/use-feed';
import { firstPageCacheKeys } from '../features/posts/hooks/use-paged-posts';
import type { PostPage } from '../features/posts/hooks/use-paged-posts';
import { PROFILE_PAGE_SIZE, userPostsListKey } from '../features/profile/api/profile-posts';
import { searchListKey } from '../features/search/api/search-posts';
import { userSearchKey } from '../features/search/hooks/use-user-search';

/** SWR's cache entries a page's hooks read, by serialised key. */
export type SwrEntries = Record<string, unknown>;

const STATIC_PAGES = new Set(['/about', '/terms', '/privacy', '/help']);

/** A paged list's first page, under both keys its hook reads. */
function firstPage(entries: SwrEntries, key: readonly unknown[], page: PostPage | null) {
  if (!page) return;
  const keys = firstPageCacheKeys(key);
  entries[keys.list] = [page];
  entries[keys.page] = page;
}

/**
 * The note a visitor on `url` asked for, when SPEC.md section 2 sends them to sign in for it:
 * such a page is drawn as the home page with the login modal open, as the app's guard leaves it.
 */
export function signInFromOf(url: URL, viewer: CurrentUser | null): string | null {
  return viewer ? null : (returnPathOf(url.pathname) ?? null);
}

/**
 * The data the page at `url` shows at its first render, read through `source` for `viewer`, or
 * null when the server does not render that page: everything behind sign-in but a note (for a
 * visitor, see signInFromOf), and the signed-in area's own pages.
 */
export async function loadPageData(
  url: URL,
  viewer: CurrentUser | null,
  source: PageDataSource,
): Promise<SwrEntries | null> {
  const { pathname, searchParams } = url;
  const entries: SwrEntries = {};
  if (pathname === '/') {
    const tab = searchParams.get('category') ?? 'all';
    const sort = sortOf(searchParams.get('sort'));
    const category = tab === 'all' || tab === 'following' ? undefined : tab;
    // 关注 is drawn loading and filled in by the app: it is one reader's own list.
    const [categories, feed] = await Promise.all([
      source.categories(),
      tab === 'following' ? null : source.feed({ sort, category, page: 1, limit: FEED_PAGE_SIZE }),
    ]);
    entries.categories = categories;
    firstPage(entries, feedListKey(tab, sort), feed);
    return entries;
  }
  const note = matchPath('/post/:id', pathname);
  if (note?.params.id) {
    if (!viewer) return null;
    const post = await source.post(note.params.id);
    if (!post) return entries;
    entries[serializeKey(postKey(note.params.id))] = post;
    // Rendered from the note as this reader gets it: a non-buyer's has no paid part to render.
    // highlight.js is loaded with the first note drawn, not with the server (lazy-packages test).
    const { highlightCode } = await import('../features/posts/highlight');
    const body: RenderedBody = {
      source: post.content,
      html: renderMarkdown(post.content, highlightCode),
    };
    entries[serializeKey(renderedBodyKey(note.params.id))] = body;
    return entries;
  }
  const profile = matchPath('/profile/:id', pathname);
  if (profile?.params.id) {
    const { id } = profile.params;
    // Readers opening their own page are sent on to /profile, drawn by the app.
    if (viewer && (viewer.id === id || viewer._id === id)) return null;
    const [user, posts] = await Promise.all([
      source.user(id),
      source.userPosts(id, { page: 1, limit: PROFILE_PAGE_SIZE }),
    ]);
    if (user) entries[profileCacheKey(id)] = user;
    firstPage(entries, userPostsListKey(id), posts);
    return entries;
  }
  if (pathname === '/search') {
    const keyword = (searchParams.get('search') ?? '').trim();
    if (!keyword) return entries;
    const [notes, people] = await Promise.all([
      source.feed({ search: keyword, page: 1, limit: POST_LIMITS.searchPageSize }),
      source.searchUsers(keyword),
    ]);
    firstPage(entries, searchListKey(keyword), notes);
    entries[serializeKey(userSearchKey(keyword))] = people;
    return entries;
  }
  return STATIC_PAGES.has(pathname) ? entries : null;
}
