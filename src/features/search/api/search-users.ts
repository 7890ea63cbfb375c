import type { UserSearchResult } from '../../../../contract/post';
import { api } from '../../../lib/api/client';

/** Users whose name contains the text; a blank text finds nobody without asking. */
export async function searchUsers(query: string): Promise<UserSearchResult> {
  const text = query.trim();
  if (!text) return { users: [] };
  return api.get<UserSearchResult>('/api/auth/users/search', { query: { query: text } });
}
