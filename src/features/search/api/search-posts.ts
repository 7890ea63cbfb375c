import { errorText } from '../../../../contract/page-messages';
import { POST_LIMITS } from '../../../../contract/post-rules';
import type { PostList } from '../../../../contract/post';
import { api } from '../../../lib/api/client';

/**
 * SPEC.md section 5: a blank keyword makes no call and finds nothing; the keyword is trimmed
 * (the client encodes it into the address).
 */
export async function searchPosts(keyword: string, page: number): Promise<PostList> {
  const search = keyword.trim();
  if (!search) return { posts: [], total: 0, page, pages: 0 };
  return api.get<PostList>('/api/posts', {
    query: { search, page, limit: POST_LIMITS.searchPageSize },
    errorMessage: errorText.searchFailed,
  });
}

/** The SWR name of the notes found for a keyword. */
export const searchListKey = (keyword: string) => ['search', keyword] as const;
