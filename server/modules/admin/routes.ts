import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  ChangeCategoryBody,
  PendingList,
  PendingQuery,
  PostStats,
  ReviewBody,
} from '../../../contract/admin.ts';
import { ErrorBody } from '../../../contract/common.ts';
import { errorText } from '../../../contract/messages.ts';
import { Post } from '../../../contract/post.ts';
import { notFound } from '../../lib/errors.ts';
import { viewerOf } from '../users/viewer.ts';
import { parseId } from '../posts/post-id.ts';

const RawId = Type.Object({ id: Type.String({ maxLength: 40 }) });
type RawId = { id: string };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Every route here answers 401 without a session and 403 (非管理员账号) to non-admins. */
export default async function adminRoutes(app: FastifyInstance) {
  const { moderation, stats, words } = app.services;
  const postIdOf = (raw: string) => parseId(raw, () => notFound(errorText.postNotFound));

  app.get<{ Querystring: PendingQuery }>(
    '/api/posts/admin/pending',
    {
      preValidation: app.requireAdmin,
      schema: { querystring: PendingQuery, response: { 200: PendingList, ...errors } },
    },
    async (request) => {
      const list = await moderation.queue(request.query, viewerOf(request));
      // The reviewer sees which listed words each note contains.
      const flagged = await Promise.all(
        list.posts.map(async (post) => [post.id, await words.find(post.title, post.content)]),
      );
      return {
        ...list,
        flaggedWords: Object.fromEntries(flagged.filter(([, words]) => words.length > 0)),
      };
    },
  );

  app.post<{ Params: RawId; Body: ReviewBody }>(
    '/api/posts/admin/:id/review',
    {
      preValidation: app.requireAdmin,
      schema: { params: RawId, body: ReviewBody, response: { 200: Post, ...errors } },
    },
    (request) => moderation.review(viewerOf(request), postIdOf(request.params.id), request.body),
  );

  app.post<{ Params: RawId; Body: ChangeCategoryBody }>(
    '/api/posts/admin/:id/category',
    {
      preValidation: app.requireAdmin,
      schema: { params: RawId, body: ChangeCategoryBody, response: { 200: Post, ...errors } },
    },
    (request) =>
      moderation.changeCategory(
        viewerOf(request),
        postIdOf(request.params.id),
        Number(request.body.categoryId),
      ),
  );

  app.get(
    '/api/posts/stats',
    { preValidation: app.requireAdmin, schema: { response: { 200: PostStats, ...errors } } },
    () => stats.postStats(),
  );
}
