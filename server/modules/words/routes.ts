import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../contract/common.ts';
import { WordList } from '../../../contract/words.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** Admin routes: 401 without a session, 403 非管理员账号 for others. */
export default async function wordRoutes(app: FastifyInstance) {
  app.get(
    '/api/admin/words',
    { preValidation: app.requireAdmin, schema: { response: { 200: WordList, ...errors } } },
    async () => ({ words: await app.services.words.list() }),
  );

  app.put<{ Body: WordList }>(
    '/api/admin/words',
    {
      preValidation: app.requireAdmin,
      schema: { body: WordList, response: { 200: WordList, ...errors } },
    },
    async (request) => ({ words: await app.services.words.replace(request.body.words) }),
  );
}
