import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody, IdParams, PageQuery } from '../../../contract/common.ts';
import { UnreadCount } from '../../../contract/message.ts';
import { NotificationList } from '../../../contract/notification.ts';
import { fromApiId } from '../../lib/ids.ts';
import { viewerOf } from '../users/viewer.ts';

const Changed = Type.Object({ success: Type.Boolean(), updated: Type.Integer() });

export default async function notificationRoutes(app: FastifyInstance) {
  const service = app.services.notifications;

  const signedIn = { preHandler: app.requireUser };

  app.get<{ Querystring: PageQuery }>(
    '/api/notifications',
    {
      ...signedIn,
      schema: { querystring: PageQuery, response: { 200: NotificationList, 401: ErrorBody } },
    },
    async (request) => service.list(viewerOf(request).id, request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    { ...signedIn, schema: { response: { 200: UnreadCount, 401: ErrorBody } } },
    async (request) => ({ count: await service.unreadCount(viewerOf(request).id) }),
  );

  app.put(
    '/api/notifications/mark-all-read',
    { ...signedIn, schema: { response: { 200: Changed, 401: ErrorBody } } },
    async (request) => ({
      success: true,
      updated: await service.markAllRead(viewerOf(request).id),
    }),
  );

  app.put<{ Params: IdParams }>(
    '/api/notifications/:id/read',
    {
      ...signedIn,
      schema: { params: IdParams, response: { 200: Changed, 401: ErrorBody, 404: ErrorBody } },
    },
    async (request) => {
      await service.markRead(viewerOf(request).id, fromApiId(request.params.id));
      return { success: true, updated: 1 };
    },
  );
}
