import { POST_LIMITS } from '../../../contract/post.ts';
import type { PostList, PostListQuery } from '../../../contract/post.ts';
import { pageWindow } from '../../lib/pagination.ts';
import type { Viewer } from '../../plugins/auth.ts';
import type { NotesContext } from '../posts/notes-context.ts';
import { highlightPattern, highlightsOf } from './highlight.ts';
import { rankPage } from './search-ranking.ts';
import { parseSearch } from './segmenter.ts';

/** Full-text search over published notes (see docs/decisions/001 and 015). */
export function createSearchService(context: NotesContext) {
  return {
    async posts(query: PostListQuery, viewer: Viewer | null): Promise<PostList> {
      const window = pageWindow(query, POST_LIMITS.searchPageSize);
      // Longer input is cut rather than refused: it is a search box, not a form.
      const text = [...(query.search ?? '').trim()].slice(0, POST_LIMITS.searchMax).join('');
      const parsed = parseSearch(text);
      if (parsed.required.length === 0 && parsed.optional.length === 0) {
        return { posts: [], total: 0, page: window.page, pages: 0 };
      }

      const key = `search|${JSON.stringify(parsed)}|${window.limit}|${window.offset}`;
      const found = await context.searchResults.get(key, () =>
        rankPage(context.searchIndex, parsed, window, POST_LIMITS.searchTotalCap),
      );
      const cards = await context.publicPages.get(key, async () => {
        const rows = await context.posts.cardsByIds(found.ids);
        return context.presenter.publicCards(rows.filter((row) => row.status === 'approved'));
      });
      const pattern = highlightPattern(parsed);
      const posts = await context.presenter.personalize(cards, viewer);
      return {
        posts: posts.map((post) => ({ ...post, highlights: highlightsOf(post, pattern) })),
        total: found.total,
        page: window.page,
        pages: Math.ceil(found.total / window.limit),
      };
    },
  };
}
