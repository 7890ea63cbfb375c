import type { MentionSuggestions } from '../../contract/community';
import { api } from './api/client';

/** Users whose name starts with `prefix`, for the `@` suggestions of a text box. */
export const getMentionSuggestions = (prefix: string) =>
  api.get<MentionSuggestions>('/api/users/mention-suggestions', { query: { prefix } });
