import { Type } from 'typebox';
import type { Static } from 'typebox';
import { PageQuery, Pagination } from './common.ts';
import { PostCard } from './post.ts';
import { POST_LIMITS } from './post-rules.ts';

/** The texts of tag pages, related notes and mentions that the server sends as errors. */
export const communityText = {
  tagInvalid: `标签应为 1 到 ${POST_LIMITS.tagMax} 个字`,
  tagSortInvalid: '排序方式只能是最新或最热',
  mentionPrefixInvalid: '请输入要提及的用户名开头',
} as const;

/** `GET /api/tags/{name}/posts?sort=newest|popular` (popular: most liked first). */
export const TagSort = Type.Union([Type.Literal('newest'), Type.Literal('popular')], {
  errorMessage: communityText.tagSortInvalid,
});
export type TagSort = Static<typeof TagSort>;

export const TagParams = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: POST_LIMITS.tagMax,
    errorMessage: communityText.tagInvalid,
  }),
});
export type TagParams = Static<typeof TagParams>;

export const TagPostsQuery = Type.Object({ sort: Type.Optional(TagSort), ...PageQuery.properties });
export type TagPostsQuery = Static<typeof TagPostsQuery>;

/** A tag as its page shows it: the name as asked for, who follows it, whether I do. */
export const TagSummary = Type.Object({
  name: Type.String(),
  followersCount: Type.Integer(),
  isFollowing: Type.Boolean(),
});
export type TagSummary = Static<typeof TagSummary>;

export const TagPosts = Type.Object({
  tag: TagSummary,
  posts: Type.Array(PostCard),
  ...Pagination,
});
export type TagPosts = Static<typeof TagPosts>;

/** Answer of `POST` / `DELETE /api/tags/{name}/follow`. */
export const TagFollowResult = Type.Object({
  isFollowing: Type.Boolean(),
  followersCount: Type.Integer(),
});
export type TagFollowResult = Static<typeof TagFollowResult>;

/** `GET /api/posts/{id}/related?limit=`: published notes like this one, best first. */
export const RelatedQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
});
export type RelatedQuery = Static<typeof RelatedQuery>;

export const RelatedPosts = Type.Object({ posts: Type.Array(PostCard) });
export type RelatedPosts = Static<typeof RelatedPosts>;

export const MENTION_SUGGESTIONS_MAX = 8;

/** `GET /api/users/mention-suggestions?prefix=`: users whose name starts with `prefix`. */
export const MentionSuggestionsQuery = Type.Object({
  prefix: Type.String({
    minLength: 1,
    maxLength: 20,
    pattern: '^[\\u4e00-\\u9fa5A-Za-z0-9_]+$',
    errorMessage: communityText.mentionPrefixInvalid,
  }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
});
export type MentionSuggestionsQuery = Static<typeof MentionSuggestionsQuery>;

export const MentionSuggestion = Type.Object({
  id: Type.String(),
  username: Type.String(),
  avatar: Type.String(),
});
export type MentionSuggestion = Static<typeof MentionSuggestion>;

export const MentionSuggestions = Type.Object({ users: Type.Array(MentionSuggestion) });
export type MentionSuggestions = Static<typeof MentionSuggestions>;
