import type { FastifyInstance } from 'fastify';
import { ErrorBody, IdParams } from '../../../contract/common.ts';
import { errorText } from '../../../contract/messages.ts';
import { User } from '../../../contract/user.ts';
import { notFound } from '../../lib/errors.ts';
import { fromApiId } from '../../lib/ids.ts';
import { presentUser } from './present-user.ts';
import { createUserRepository } from './user-repository.ts';

export default async function userRoutes(app: FastifyInstance) {
  const users = createUserRepository(app.db);

  app.get<{ Params: IdParams }>(
    '/api/auth/users/:id',
    { schema: { params: IdParams, response: { 200: User, 404: ErrorBody } } },
    async (request) => {
      const row = await users.findById(fromApiId(request.params.id));
      if (!row) throw notFound(errorText.userNotFound);
      const viewer = request.viewer;
      return presentUser(row, {
        withContact: viewer?.id === row.id || viewer?.isAdmin === true,
        extra: await users.counts(row.id),
      });
    },
  );
}
