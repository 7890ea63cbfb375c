import { MENTION_SUGGESTIONS_MAX } from '../../../contract/community.ts';
import type { MentionSuggestions } from '../../../contract/community.ts';
import { DEFAULT_AVATAR } from '../../../contract/user-rules.ts';
import { toApiId } from '../../lib/ids.ts';
import type { UserSearchRepository } from '../search/user-search-repository.ts';

/** The names the editor suggests after `@`: a range of the unique username index. */
export function createMentionSuggestions(deps: { users: UserSearchRepository }) {
  return {
    async forWriter(
      writerId: number,
      prefix: string,
      limit: number | undefined,
    ): Promise<MentionSuggestions> {
      const shown = Math.min(MENTION_SUGGESTIONS_MAX, limit ?? MENTION_SUGGESTIONS_MAX);
      // One more than shown, so leaving out the writer still fills the list.
      const rows = await deps.users.byPrefix(prefix, shown + 1, { withBanned: false });
      return {
        users: rows
          .filter((row) => row.id !== writerId)
          .slice(0, shown)
          .map((row) => ({
            id: toApiId(row.id),
            username: row.username,
            avatar: row.avatar ?? DEFAULT_AVATAR,
          })),
      };
    },
  };
}

export type MentionSuggestionService = ReturnType<typeof createMentionSuggestions>;
