import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody, PageQuery } from '../../../contract/common.ts';
import {
  ConversationList,
  Message,
  MessageThread,
  SendMessageBody,
  UnreadCount,
  UserIdParams,
} from '../../../contract/message.ts';
import { fromApiId } from '../../lib/ids.ts';
import { viewerOf } from '../users/viewer.ts';
import { assertCanSpeak } from '../users/restrictions.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const Changed = Type.Object({ success: Type.Boolean(), updated: Type.Integer() });

export default async function messageRoutes(app: FastifyInstance) {
  const { messages: service, words } = app.services;
  const signedIn = { preHandler: app.requireUser };

  app.post<{ Body: SendMessageBody }>(
    '/api/messages',
    { ...signedIn, schema: { body: SendMessageBody, response: { 200: Message, ...errors } } },
    async (request) => {
      assertCanSpeak(viewerOf(request).row);
      await words.refuse(request.body.content);
      return service.send(
        viewerOf(request).id,
        fromApiId(request.body.recipientId),
        request.body.content,
      );
    },
  );

  app.get<{ Querystring: PageQuery }>(
    '/api/messages/conversations',
    {
      ...signedIn,
      schema: { querystring: PageQuery, response: { 200: ConversationList, ...errors } },
    },
    async (request) => service.conversations(viewerOf(request).id, request.query),
  );

  app.get<{ Params: UserIdParams; Querystring: PageQuery }>(
    '/api/messages/with/:userId',
    {
      ...signedIn,
      schema: {
        params: UserIdParams,
        querystring: PageQuery,
        response: { 200: MessageThread, ...errors },
      },
    },
    async (request) =>
      service.thread(viewerOf(request).id, fromApiId(request.params.userId), request.query),
  );

  app.put<{ Params: UserIdParams }>(
    '/api/messages/with/:userId/read',
    { ...signedIn, schema: { params: UserIdParams, response: { 200: Changed, ...errors } } },
    async (request) => ({
      success: true,
      updated: await service.markRead(viewerOf(request).id, fromApiId(request.params.userId)),
    }),
  );

  app.get(
    '/api/messages/unread-count',
    { ...signedIn, schema: { response: { 200: UnreadCount, 401: ErrorBody } } },
    async (request) => ({ count: await service.unreadCount(viewerOf(request).id) }),
  );
}
