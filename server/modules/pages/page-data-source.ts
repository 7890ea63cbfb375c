import type { FastifyInstance } from 'fastify';
import { CategoryList } from '../../../contract/category.ts';
import { Post, PostList, UserSearchResult } from '../../../contract/post.ts';
import { User } from '../../../contract/user.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../users/viewer.ts';
import { presentCategory } from '../categories/category-catalog.ts';
import { schemaWriter } from '../../lib/serialized-schema.ts';
import { cardListJson } from '../posts/card-list.ts';
import { parseId } from '../posts/post-id.ts';
import type { JsonText, PageDataJson } from './page-renderer.ts';

/**
 * Exactly what the API route answers: the JSON its response schema's writer makes. The writer
 * drops every field the schema does not name, so a page's HTML never carries more than the API
 * would give the same reader. TypeBox's `Clean` of a cloned value did the same in 2.4 ms for the
 * home page's feed on the thread that answers requests (decision 058).
 */
const writeCategoryList = schemaWriter(CategoryList);
const writePost = schemaWriter(Post);
const writeUser = schemaWriter(User);
const writePostList = schemaWriter(PostList);
const writeUserSearchResult = schemaWriter(UserSearchResult);

/** The same, read back: the value `write` sends. */
export function answered<T extends object>(schema: unknown): (value: T) => T {
  const write = schemaWriter(schema);
  return (value) => JSON.parse(write(value)) as T;
}

/** A refusal the API would answer with a 4xx is nothing to draw; anything else is a fault. */
async function orNull(read: () => Promise<JsonText>): Promise<JsonText> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return 'null';
    throw error;
  }
}

const idOf = (raw: string) => parseId(raw, () => notFound());

/**
 * The reads pages are rendered with, for one reader, through the same services and the same
 * rules as the API routes (the paywall included: a non-buyer's note has no paid text here), as
 * the JSON those routes send; the render thread parses it.
 */
export function createPageDataSource(app: FastifyInstance, viewer: Viewer | null): PageDataJson {
  const { categories, posts, profiles, userSearch } = app.services;
  return {
    async categories() {
      const list = (await categories.all()).map(presentCategory);
      return writeCategoryList({ categories: list });
    },
    // The feed's own bytes, as `GET /api/posts` sends them (card-list.ts).
    feed: (query) => orNull(async () => cardListJson(await posts.feed(query, viewer))),
    post: (id) => orNull(async () => writePost(await posts.get(idOf(id), viewer))),
    user: (id) => orNull(async () => writeUser(await profiles.profile(idOf(id), viewer))),
    userPosts: (id, query) =>
      orNull(async () => writePostList(await posts.byAuthor(idOf(id), query, viewer))),
    searchUsers: async (text) => writeUserSearchResult(await userSearch.byName(text, undefined)),
  };
}
