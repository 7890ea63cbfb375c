import type { UserSearchResult } from '../../../contract/post.ts';
import { presentUser } from '../users/present-user.ts';
import type { UserSearchRepository } from './user-search-repository.ts';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 50;
const QUERY_MAX = 32;

/** People by name, for the search page's 用户 tab. */
export function createUserSearch(deps: { users: UserSearchRepository }) {
  return {
    async byName(query: string | undefined, limit: number | undefined): Promise<UserSearchResult> {
      // Longer input is cut rather than refused: it is a search box, not a form.
      const text = [...(query ?? '').trim()].slice(0, QUERY_MAX).join('');
      if (!text) return { users: [] };
      const rows = await deps.users.byName(text, Math.min(MAX_LIMIT, limit ?? DEFAULT_LIMIT));
      return { users: rows.map((row) => presentUser(row)) };
    },
  };
}

export type UserSearch = ReturnType<typeof createUserSearch>;
