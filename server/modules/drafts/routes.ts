import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody } from '../../../contract/common.ts';
import { Draft, DraftList, SaveDraftBody, SaveDraftResult } from '../../../contract/draft.ts';
import { errorText } from '../../../contract/messages.ts';
import { notFound } from '../../lib/errors.ts';
import { viewerOf } from '../users/viewer.ts';
import { parseId } from '../posts/post-id.ts';

const RawId = Type.Object({ id: Type.String({ maxLength: 40 }) });
type RawId = { id: string };
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const Deleted = Type.Object({ success: Type.Boolean() });

export default async function draftRoutes(app: FastifyInstance) {
  const service = app.services.drafts;
  const draftIdOf = (raw: string) => parseId(raw, () => notFound(errorText.draftNotFound));

  app.post<{ Body: SaveDraftBody }>(
    '/api/drafts',
    {
      preValidation: app.requireUser,
      schema: { body: SaveDraftBody, response: { 200: SaveDraftResult, ...errors } },
      // Saved by its clientId: the same copy saved again is no change (draft-service.ts).
      config: { safeToRunAgain: true },
    },
    (request) => service.save(viewerOf(request), request.body),
  );

  app.get(
    '/api/drafts',
    { preValidation: app.requireUser, schema: { response: { 200: DraftList, ...errors } } },
    (request) => service.list(viewerOf(request)),
  );

  app.get<{ Params: RawId }>(
    '/api/drafts/:id',
    {
      preValidation: app.requireUser,
      schema: { params: RawId, response: { 200: Draft, ...errors } },
    },
    (request) => service.get(viewerOf(request), draftIdOf(request.params.id)),
  );

  app.delete<{ Params: RawId }>(
    '/api/drafts/:id',
    {
      preValidation: app.requireUser,
      schema: { params: RawId, response: { 200: Deleted, ...errors } },
    },
    async (request) => {
      await service.remove(viewerOf(request), draftIdOf(request.params.id));
      return { success: true };
    },
  );
}
