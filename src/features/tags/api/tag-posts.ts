import type { TagFollowResult, TagPosts, TagSort } from '../../../../contract/community';
import { api } from '../../../lib/api/client';

const base = (name: string) => `/api/tags/${encodeURIComponent(name)}`;

/** One page of a tag's published notes, with the tag's follow state. */
export const getTagPosts = (name: string, sort: TagSort, page: number, limit = 20) =>
  api.get<TagPosts>(`${base(name)}/posts`, { query: { sort, page, limit } });

/** Follows or unfollows a tag; both are safe to send again. */
export const setTagFollowing = (name: string, follow: boolean) =>
  follow
    ? api.post<TagFollowResult>(`${base(name)}/follow`)
    : api.delete<TagFollowResult>(`${base(name)}/follow`);
