import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  Comment,
  CommentList,
  CreateCommentBody,
  DeleteCommentResult,
} from '../../../contract/comment.ts';
import { ErrorBody, PageQuery } from '../../../contract/common.ts';
import { errorText } from '../../../contract/messages.ts';
import { notFound } from '../../lib/errors.ts';
import { viewerOf } from '../users/viewer.ts';
import { assertCanSpeak } from '../users/restrictions.ts';
import { parseId } from '../posts/post-id.ts';

const RawId = Type.Object({ id: Type.String({ maxLength: 40 }) });
type RawId = { id: string };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export default async function commentRoutes(app: FastifyInstance) {
  const { comments: service, words } = app.services;
  const postIdOf = (raw: string) => parseId(raw, () => notFound(errorText.postNotFound));

  app.get<{ Params: RawId; Querystring: PageQuery }>(
    '/api/posts/:id/comments',
    {
      schema: { params: RawId, querystring: PageQuery, response: { 200: CommentList, ...errors } },
    },
    (request) => service.list(postIdOf(request.params.id), request.query, request.viewer),
  );

  app.post<{ Params: RawId; Body: CreateCommentBody }>(
    '/api/posts/:id/comments',
    {
      preValidation: app.requireUser,
      schema: { params: RawId, body: CreateCommentBody, response: { 201: Comment, ...errors } },
    },
    async (request, reply) => {
      assertCanSpeak(viewerOf(request).row);
      await words.refuse(request.body.content);
      const comment = await service.create(
        viewerOf(request),
        postIdOf(request.params.id),
        request.body,
      );
      return reply.code(201).send(comment);
    },
  );

  app.delete<{ Params: RawId }>(
    '/api/comments/:id',
    {
      preValidation: app.requireUser,
      schema: { params: RawId, response: { 200: DeleteCommentResult, ...errors } },
    },
    async (request) => {
      const id = parseId(request.params.id, () => notFound(errorText.commentNotFound));
      return { success: true, commentsCount: await service.remove(viewerOf(request), id) };
    },
  );
}
