import type { FastifyInstance } from 'fastify';
import { ErrorBody, IdParams, PageQuery } from '../../../contract/common.ts';
import {
  FollowersList,
  FollowingList,
  FollowResult,
  FollowStatus,
} from '../../../contract/follow.ts';
import { FeedPageQuery, PostList } from '../../../contract/post.ts';
import { fromApiId } from '../../lib/ids.ts';
import { pageCount, pageWindow } from '../../lib/pagination.ts';
import { viewerOf } from '../../plugins/auth.ts';
import { decodeCursor, encodeCursor } from '../posts/feed-cursor.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { createUserRepository } from '../users/user-repository.ts';
import { createFollowRepository } from './follow-repository.ts';
import { createFollowService } from './follow-service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export default async function followRoutes(app: FastifyInstance) {
  const follows = createFollowRepository(app.db);
  const service = createFollowService({
    follows,
    users: createUserRepository(app.db),
    events: app.domainEvents,
  });

  // Counting a reader's whole 关注 feed is a join: once per reader per TTL, never per page.
  const feedTotals = createTtlCache<number>({ ttlMs: 10_000, maxEntries: 1000 });

  // The home page's 关注 tab: notes of the people I follow (GET /api/posts is notes' own).
  app.get<{ Querystring: FeedPageQuery }>(
    '/api/posts/following-feed',
    {
      preHandler: app.requireUser,
      schema: { querystring: FeedPageQuery, response: { 200: PostList, ...errors } },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const window = pageWindow(request.query);
      const after = request.query.cursor ? decodeCursor(request.query.cursor, 'newest') : null;
      const [rows, total] = await Promise.all([
        // One row more than shown tells whether a next page exists.
        follows.followingFeed(viewer.id, { ...window, limit: window.limit + 1 }, after),
        feedTotals.get(String(viewer.id), () => follows.countFollowingFeed(viewer.id)),
      ]);
      const shown = rows.slice(0, window.limit);
      const last = shown.at(-1);
      return {
        posts: await app.notes.presenter.cards(shown, viewer),
        total,
        page: window.page,
        pages: pageCount(total, window.limit),
        nextCursor:
          rows.length > window.limit && last
            ? encodeCursor('newest', { value: last.published_at ?? 0, id: last.id })
            : null,
      };
    },
  );

  app.post<{ Params: IdParams }>(
    '/api/auth/users/:id/follow',
    {
      preHandler: app.requireUser,
      schema: { params: IdParams, response: { 200: FollowResult, ...errors } },
    },
    async (request) => service.follow(viewerOf(request).id, fromApiId(request.params.id)),
  );

  app.delete<{ Params: IdParams }>(
    '/api/auth/users/:id/follow',
    {
      preHandler: app.requireUser,
      schema: { params: IdParams, response: { 200: FollowResult, ...errors } },
    },
    async (request) => service.unfollow(viewerOf(request).id, fromApiId(request.params.id)),
  );

  app.get<{ Params: IdParams }>(
    '/api/auth/users/:id/follow-status',
    {
      preHandler: app.requireUser,
      schema: { params: IdParams, response: { 200: FollowStatus, ...errors } },
    },
    async (request) => service.status(viewerOf(request).id, fromApiId(request.params.id)),
  );

  app.get<{ Querystring: PageQuery }>(
    '/api/auth/users/following',
    {
      preHandler: app.requireUser,
      schema: { querystring: PageQuery, response: { 200: FollowingList, ...errors } },
    },
    async (request) => {
      const { users, ...page } = await service.list(
        'following',
        viewerOf(request).id,
        request.query,
      );
      return { following: users, ...page };
    },
  );

  app.get<{ Params: IdParams; Querystring: PageQuery }>(
    '/api/auth/users/:id/following',
    {
      schema: {
        params: IdParams,
        querystring: PageQuery,
        response: { 200: FollowingList, ...errors },
      },
    },
    async (request) => {
      const { users, ...page } = await service.list(
        'following',
        fromApiId(request.params.id),
        request.query,
      );
      return { following: users, ...page };
    },
  );

  app.get<{ Params: IdParams; Querystring: PageQuery }>(
    '/api/auth/users/:id/followers',
    {
      schema: {
        params: IdParams,
        querystring: PageQuery,
        response: { 200: FollowersList, ...errors },
      },
    },
    async (request) => {
      const { users, ...page } = await service.list(
        'followers',
        fromApiId(request.params.id),
        request.query,
      );
      return { followers: users, ...page };
    },
  );
}
