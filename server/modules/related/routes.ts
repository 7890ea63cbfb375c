import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody } from '../../../contract/common.ts';
import { RelatedPosts, RelatedQuery } from '../../../contract/community.ts';
import { errorText } from '../../../contract/messages.ts';
import { notFound } from '../../lib/errors.ts';
import { parseId } from '../posts/post-id.ts';

const RawId = Type.Object({ id: Type.String({ maxLength: 40 }) });

export default async function relatedRoutes(app: FastifyInstance) {
  const { related } = app.services;

  app.get<{ Params: { id: string }; Querystring: RelatedQuery }>(
    '/api/posts/:id/related',
    {
      schema: {
        params: RawId,
        querystring: RelatedQuery,
        response: { 200: RelatedPosts, 400: ErrorBody, 404: ErrorBody },
      },
    },
    (request) =>
      related.of(
        parseId(request.params.id, () => notFound(errorText.postNotFound)),
        request.query,
        request.viewer,
      ),
  );
}
