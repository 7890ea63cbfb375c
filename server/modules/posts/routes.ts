import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody, PageQuery } from '../../../contract/common.ts';
import { errorText } from '../../../contract/messages.ts';
import {
  CreatePostBody,
  DeletePostResult,
  FavoriteList,
  FavoriteResult,
  LikedPosts,
  LikeResult,
  MyPostsQuery,
  Post,
  PostList,
  PostListQuery,
  TotalLikes,
  UpdatePostBody,
} from '../../../contract/post.ts';
import type { RecoveredAnswer } from '../../plugins/idempotency.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { viewerOf } from '../users/viewer.ts';
import { assertCanSpeak } from '../users/restrictions.ts';
import { cardListJson } from './card-list.ts';
import { parseId } from './post-id.ts';

const RawId = Type.Object({ id: Type.String({ maxLength: 40 }) });
type RawId = { id: string };

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
};

const postIdOf = (raw: string) => parseId(raw, () => notFound(errorText.postNotFound));
const userIdOf = (raw: string) => parseId(raw, () => notFound(errorText.userNotFound));
/** SPEC.md section 5: a like for 'undefined', 'null' or no id is refused as such. */
const reactionIdOf = (raw: string) => parseId(raw, () => badRequest(errorText.likeInvalidId));

export default async function postRoutes(app: FastifyInstance) {
  const posts = app.services.posts;
  /** A keyed publish or edit that committed while its answer was lost: the note as it is now. */
  const noteAsItIs =
    (status: number) =>
    async (request: FastifyRequest, id: string): Promise<RecoveredAnswer> => ({
      status,
      body: await posts.get(Number(id), viewerOf(request)),
    });

  app.get<{ Querystring: PostListQuery }>(
    '/api/posts',
    { schema: { querystring: PostListQuery, response: { 200: PostList, 400: ErrorBody } } },
    // The busiest list: written from its cards' texts (card-list.ts), as the schema would.
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(
          cardListJson(await posts.feed(request.query, request.viewer, () => reply.raw.destroyed)),
        ),
  );

  app.post<{ Body: CreatePostBody }>(
    '/api/posts',
    {
      preValidation: app.requireUser,
      schema: { body: CreatePostBody, response: { 201: Post, ...errors } },
      config: { recoverAnswer: noteAsItIs(201) },
    },
    async (request, reply) => {
      assertCanSpeak(viewerOf(request).row);
      return reply.code(201).send(await posts.create(viewerOf(request), request.body));
    },
  );

  app.get<{ Querystring: MyPostsQuery }>(
    '/api/posts/user/me',
    {
      preValidation: app.requireUser,
      schema: { querystring: MyPostsQuery, response: { 200: PostList, ...errors } },
    },
    (request) => posts.mine(viewerOf(request), request.query),
  );

  app.get(
    '/api/posts/user/likes',
    { preValidation: app.requireUser, schema: { response: { 200: TotalLikes, ...errors } } },
    async (request) => ({ totalLikes: await posts.totalLikes(viewerOf(request).id) }),
  );

  app.get<{ Params: RawId; Querystring: PageQuery }>(
    '/api/posts/user/:id',
    { schema: { params: RawId, querystring: PageQuery, response: { 200: PostList, ...errors } } },
    (request) => posts.byAuthor(userIdOf(request.params.id), request.query, request.viewer),
  );

  app.get<{ Params: RawId }>(
    '/api/posts/user/:id/likes',
    { schema: { params: RawId, response: { 200: TotalLikes, ...errors } } },
    async (request) => ({ totalLikes: await posts.totalLikes(userIdOf(request.params.id)) }),
  );

  app.get<{ Querystring: PageQuery }>(
    '/api/posts/favorites',
    {
      preValidation: app.requireUser,
      schema: { querystring: PageQuery, response: { 200: FavoriteList, ...errors } },
    },
    (request) => posts.favorites(viewerOf(request), request.query),
  );

  app.get<{ Params: RawId; Querystring: PageQuery }>(
    '/api/auth/users/:id/liked-posts',
    {
      schema: { params: RawId, querystring: PageQuery, response: { 200: LikedPosts, ...errors } },
    },
    (request) => posts.likedBy(userIdOf(request.params.id), request.query, request.viewer),
  );

  app.get<{ Params: RawId }>(
    '/api/posts/:id',
    { schema: { params: RawId, response: { 200: Post, ...errors } } },
    (request) => posts.get(postIdOf(request.params.id), request.viewer),
  );

  app.put<{ Params: RawId; Body: UpdatePostBody }>(
    '/api/posts/:id',
    {
      preValidation: app.requireUser,
      schema: { params: RawId, body: UpdatePostBody, response: { 200: Post, ...errors } },
      config: { recoverAnswer: noteAsItIs(200) },
    },
    (request) => {
      // An edit publishes new text, so a mute stops it too.
      assertCanSpeak(viewerOf(request).row);
      return posts.update(viewerOf(request), postIdOf(request.params.id), request.body);
    },
  );

  app.delete<{ Params: RawId }>(
    '/api/posts/:id',
    {
      preValidation: app.requireUser,
      schema: { params: RawId, response: { 200: DeletePostResult, ...errors } },
    },
    async (request) => {
      await posts.remove(viewerOf(request), postIdOf(request.params.id));
      return { success: true };
    },
  );

  // SPEC.md's POST toggles; PUT and DELETE set the mark, so a client that knows what it wants
  // can send it again without flipping it back.
  const reactions = [
    { path: 'like', response: LikeResult, act: posts.like },
    { path: 'favorite', response: FavoriteResult, act: posts.favorite },
  ] as const;
  const wants = [
    ['POST', 'toggle'],
    ['PUT', true],
    ['DELETE', false],
  ] as const;
  for (const { path, response, act } of reactions) {
    for (const [method, want] of wants) {
      app.route<{ Params: RawId }>({
        method,
        url: `/api/posts/:id/${path}`,
        preValidation: app.requireUser,
        schema: { params: RawId, response: { 200: response, ...errors } },
        handler: (request) => act(viewerOf(request), reactionIdOf(request.params.id), want),
      });
    }
  }
}
