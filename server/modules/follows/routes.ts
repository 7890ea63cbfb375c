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
import { viewerOf } from '../users/viewer.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export default async function followRoutes(app: FastifyInstance) {
  const { follows: service, followingFeed } = app.services;

  // The home page's 关注 tab: notes of the people I follow (GET /api/posts is notes' own).
  app.get<{ Querystring: FeedPageQuery }>(
    '/api/posts/following-feed',
    {
      preHandler: app.requireUser,
      schema: { querystring: FeedPageQuery, response: { 200: PostList, ...errors } },
    },
    async (request) => followingFeed.page(viewerOf(request), request.query),
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
