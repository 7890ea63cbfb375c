import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { Clean, Clone } from 'typebox/value';
import { CategoryList } from '../../../contract/category.ts';
import type { PageDataSource } from '../../../contract/page-data.ts';
import { Post, PostList, UserSearchResult } from '../../../contract/post.ts';
import { User } from '../../../contract/user.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../users/viewer.ts';
import { presentCategory } from '../categories/category-catalog.ts';
import { cardListValue } from '../posts/card-list.ts';
import { parseId } from '../posts/post-id.ts';

/**
 * Exactly what the API route answers: its response schema drops every field it does not name,
 * and so does this, so a page's HTML never carries more than the API would give the same reader.
 */
function asAnswered<T>(schema: TSchema, value: T): T {
  return Clean(schema, Clone(value)) as T;
}

/** A refusal the API would answer with a 4xx is nothing to draw; anything else is a fault. */
async function orNull<T>(read: () => Promise<T | null>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return null;
    throw error;
  }
}

const idOf = (raw: string) => parseId(raw, () => notFound());

/**
 * The reads pages are rendered with, for one reader, through the same services and the same
 * rules as the API routes (the paywall included: a non-buyer's note has no paid text here).
 */
export function createPageDataSource(app: FastifyInstance, viewer: Viewer | null): PageDataSource {
  const { categories, posts, profiles, userSearch } = app.services;
  return {
    async categories() {
      const list = (await categories.all()).map(presentCategory);
      return asAnswered(CategoryList, { categories: list });
    },
    feed: (query) =>
      orNull(async () => asAnswered(PostList, cardListValue(await posts.feed(query, viewer)))),
    post: (id) => orNull(async () => asAnswered(Post, await posts.get(idOf(id), viewer))),
    user: (id) => orNull(async () => asAnswered(User, await profiles.profile(idOf(id), viewer))),
    userPosts: (id, query) =>
      orNull(async () => asAnswered(PostList, await posts.byAuthor(idOf(id), query, viewer))),
    searchUsers: async (text) =>
      asAnswered(UserSearchResult, await userSearch.byName(text, undefined)),
  };
}
