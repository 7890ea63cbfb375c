import type { FastifyInstance } from 'fastify';
import { CategoryList } from '../../../contract/category.ts';
import type { PageDataSource } from '../../../contract/page-data.ts';
import { Post, PostList, UserSearchResult } from '../../../contract/post.ts';
import { User } from '../../../contract/user.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../users/viewer.ts';
import { presentCategory } from '../categories/category-catalog.ts';
import { schemaWriter } from '../../lib/serialized-schema.ts';
import { cardListJson } from '../posts/card-list.ts';
import { parseId } from '../posts/post-id.ts';

/**
 * Exactly what the API route answers: the JSON its response schema's writer makes, read back.
 * The writer drops every field the schema does not name, so a page's HTML never carries more
 * than the API would give the same reader. TypeBox's `Clean` of a cloned value did the same in
 * 2.4 ms for the home page's feed on the thread that answers requests (decision 058).
 */
export function answered<T extends object>(schema: unknown): (value: T) => T {
  const write = schemaWriter(schema);
  return (value) => JSON.parse(write(value)) as T;
}
const asCategoryList = answered<CategoryList>(CategoryList);
const asPost = answered<Post>(Post);
const asUser = answered<User>(User);
const asPostList = answered<PostList>(PostList);
const asUserSearchResult = answered<UserSearchResult>(UserSearchResult);

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
      return asCategoryList({ categories: list });
    },
    // The feed's own bytes, as `GET /api/posts` sends them (card-list.ts).
    feed: (query) =>
      orNull(async () => JSON.parse(cardListJson(await posts.feed(query, viewer)).toString())),
    post: (id) => orNull(async () => asPost(await posts.get(idOf(id), viewer))),
    user: (id) => orNull(async () => asUser(await profiles.profile(idOf(id), viewer))),
    userPosts: (id, query) =>
      orNull(async () => asPostList(await posts.byAuthor(idOf(id), query, viewer))),
    searchUsers: async (text) => asUserSearchResult(await userSearch.byName(text, undefined)),
  };
}
