import { POST_LIMITS } from '../../../contract/post.ts';
import type { PostList, PostListQuery } from '../../../contract/post.ts';
import { pageWindow } from '../../lib/pagination.ts';
import type { Viewer } from '../../plugins/auth.ts';
import type { NotesContext } from '../posts/notes-context.ts';
import type { SearchHit } from './search-index.ts';
import { parseQuery } from './segmenter.ts';

/**
 * How many of the newest matches a query ranks. More would make a common word (AI, 编程)
 * cost as much as reading its whole index; readers rarely page past the first few pages.
 */
export const SEARCH_CANDIDATES = 1000;

/** Best first; among equals, newest first. */
const byRelevance = (a: SearchHit, b: SearchHit) => b.score - a.score || b.id - a.id;

/** Full-text search over published notes (see docs/decisions/001-chinese-search.md). */
export function createSearchService(context: NotesContext) {
  return {
    async posts(query: PostListQuery, viewer: Viewer | null): Promise<PostList> {
      const window = pageWindow(query, POST_LIMITS.searchPageSize);
      // Longer input is cut rather than refused: it is a search box, not a form.
      const text = [...(query.search ?? '').trim()].slice(0, POST_LIMITS.searchMax).join('');
      const terms = parseQuery(text);
      if (terms.length === 0) return { posts: [], total: 0, page: window.page, pages: 0 };

      // One ranked list per query serves all its pages.
      const key = JSON.stringify(terms.map((term) => term.chars));
      const ranked = await context.searchResults.get(key, async () =>
        (await context.searchIndex.candidates(terms, SEARCH_CANDIDATES)).sort(byRelevance),
      );
      const page = await context.publicPages.get(
        `search|${key}|${window.limit}|${window.offset}`,
        async () => {
          const ids = ranked
            .slice(window.offset, window.offset + window.limit)
            .map((hit) => hit.id);
          const rows = await context.posts.cardsByIds(ids);
          return context.presenter.publicCards(rows.filter((row) => row.status === 'approved'));
        },
      );
      return {
        posts: await context.presenter.personalize(page, viewer),
        total: ranked.length,
        page: window.page,
        pages: Math.ceil(ranked.length / window.limit),
      };
    },
  };
}
