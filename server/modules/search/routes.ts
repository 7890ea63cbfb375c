import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../contract/common.ts';
import { UserSearchQuery, UserSearchResult } from '../../../contract/post.ts';
import { presentUser } from '../users/present-user.ts';
import { createUserSearchRepository } from './user-search-repository.ts';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 50;
const QUERY_MAX = 32;

export default async function userSearchRoutes(app: FastifyInstance) {
  const users = createUserSearchRepository(app.db);

  app.get<{ Querystring: UserSearchQuery }>(
    '/api/auth/users/search',
    {
      schema: {
        querystring: UserSearchQuery,
        response: { 200: UserSearchResult, 400: ErrorBody },
      },
    },
    async (request) => {
      const text = [...(request.query.query ?? '').trim()].slice(0, QUERY_MAX).join('');
      if (!text) return { users: [] };
      const limit = Math.min(MAX_LIMIT, request.query.limit ?? DEFAULT_LIMIT);
      const rows = await users.byName(text, limit);
      return { users: rows.map((row) => presentUser(row)) };
    },
  );
}
