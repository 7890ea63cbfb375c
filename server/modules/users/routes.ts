import type { FastifyInstance } from 'fastify';
import { ErrorBody, IdParams } from '../../../contract/common.ts';
import { User } from '../../../contract/user.ts';
import { fromApiId } from '../../lib/ids.ts';

export default async function userRoutes(app: FastifyInstance) {
  const { profiles } = app.services;

  app.get<{ Params: IdParams }>(
    '/api/auth/users/:id',
    { schema: { params: IdParams, response: { 200: User, 404: ErrorBody } } },
    async (request) => profiles.profile(fromApiId(request.params.id), request.viewer),
  );
}
