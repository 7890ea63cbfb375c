import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../contract/common.ts';
import { UserSearchQuery, UserSearchResult } from '../../../contract/post.ts';

export default async function userSearchRoutes(app: FastifyInstance) {
  const { userSearch } = app.services;

  app.get<{ Querystring: UserSearchQuery }>(
    '/api/auth/users/search',
    {
      schema: {
        querystring: UserSearchQuery,
        response: { 200: UserSearchResult, 400: ErrorBody },
      },
    },
    async (request) => userSearch.byName(request.query.query, request.query.limit),
  );
}
