import { POST_LIMITS, type PostList, type PostListQuery } from '../../../contract/post.ts';
import { pageWindow } from '../../lib/pagination.ts';
import type { Viewer } from '../../plugins/auth.ts';
import type { NotesContext } from '../posts/notes-context.ts';
import { parseQuery } from './segmenter.ts';

/** Full-text search over published notes (see docs/decisions/001-chinese-search.md). */
export function createSearchService(context: NotesContext) {
  return {
    async posts(query: PostListQuery, viewer: Viewer | null): Promise<PostList> {
      const window = pageWindow(query, POST_LIMITS.searchPageSize);
      // Longer input is cut rather than refused: it is a search box, not a form.
      const text = [...(query.search ?? '').trim()].slice(0, POST_LIMITS.searchMax).join('');
      const terms = parseQuery(text);
      if (terms.length === 0) return { posts: [], total: 0, page: window.page, pages: 0 };

      const key = JSON.stringify([terms.map((term) => term.chars), window.limit, window.offset]);
      const hits = await context.searchResults.get(key, () =>
        context.searchIndex.search(terms, window),
      );
      const rows = await context.posts.cardsByIds(hits.ids);
      return {
        posts: await context.presenter.cards(
          rows.filter((row) => row.status === 'approved'),
          viewer,
        ),
        total: hits.total,
        page: window.page,
        pages: Math.ceil(hits.total / window.limit),
      };
    },
  };
}
