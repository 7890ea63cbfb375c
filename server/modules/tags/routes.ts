import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../contract/common.ts';
import {
  TagFollowResult,
  TagParams,
  TagPosts,
  TagPostsQuery,
} from '../../../contract/community.ts';
import { viewerOf } from '../users/viewer.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export default async function tagRoutes(app: FastifyInstance) {
  const service = app.services.tags;

  app.get<{ Params: TagParams; Querystring: TagPostsQuery }>(
    '/api/tags/:name/posts',
    {
      schema: {
        params: TagParams,
        querystring: TagPostsQuery,
        response: { 200: TagPosts, ...errors },
      },
    },
    (request) => service.posts(request.params.name, request.query, request.viewer),
  );

  for (const [method, want] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route<{ Params: TagParams }>({
      method,
      url: '/api/tags/:name/follow',
      preHandler: app.requireUser,
      schema: { params: TagParams, response: { 200: TagFollowResult, ...errors } },
      handler: (request) => service.setFollowing(request.params.name, viewerOf(request), want),
    });
  }
}
