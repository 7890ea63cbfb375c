import type { CurrentUser } from './auth.ts';
import type { CategoryList } from './category.ts';
import type { PageQuery } from './common.ts';
import type { Post, PostList, PostListQuery, UserSearchResult } from './post.ts';
import type { User } from './user.ts';

/**
 * The seam between the server and its page renderer (src/entry-server.tsx, built into
 * dist-ssr/): the server hands the renderer the reader and a way to read what pages show, the
 * renderer answers with the page's markup and the data it was drawn with.
 */

/**
 * Reads for one page request, as the reader may see them: each answers what the API route of
 * the same name would (`GET /api/posts`, `/api/posts/{id}`, …), null where the route would
 * refuse (an unknown id, a note the reader may not open).
 */
export interface PageDataSource {
  categories(): Promise<CategoryList>;
  feed(query: PostListQuery): Promise<PostList | null>;
  post(id: string): Promise<Post | null>;
  user(id: string): Promise<User | null>;
  userPosts(id: string, query: PageQuery): Promise<PostList | null>;
  searchUsers(text: string): Promise<UserSearchResult>;
}

/** What the page was rendered with, serialised once into its HTML. */
export interface PageData {
  /** Who the page was rendered for; null for a visitor. */
  viewer: CurrentUser | null;
  /** SWR's cache entries (serialised key → answer) the page's hooks read. */
  swr: Record<string, unknown>;
  /**
   * Set for a visitor on a note (SPEC.md section 2 sends them to sign in): the page is drawn as
   * the home page with the login modal open, which returns to this note once they sign in.
   */
  signInFrom?: string;
}

export interface RenderedPage {
  /** The markup that goes inside `#root`. */
  html: string;
  data: PageData;
}

/**
 * Renders `url` (path and query) for `viewer`, its feeds in `columns` columns (for the width the
 * browser named, VIEWPORT_WIDTH_HINT in feed-columns.ts; null when it named none); null when the
 * page is not rendered on the server (pages of the signed-in area, someone's own profile): the
 * app then draws it.
 */
export type RenderPage = (
  url: string,
  viewer: CurrentUser | null,
  source: PageDataSource,
  columns: number | null,
) => Promise<RenderedPage | null>;
