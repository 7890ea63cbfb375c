import { RELATED_DEFAULT } from '../../../../contract/community-rules';
import type { RelatedPosts } from '../../../../contract/community';
import { api } from '../../../lib/api/client';

/** Published notes like this one (same tags and words), best first. */
export const getRelatedPosts = (postId: string, limit = RELATED_DEFAULT) =>
  api.get<RelatedPosts>(`/api/posts/${postId}/related`, { query: { limit } });
