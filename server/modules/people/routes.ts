import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody, PageQuery } from '../../../contract/common.ts';
import {
  AuditList,
  ManagedUserList,
  MuteBody,
  ReasonBody,
  UserListQuery,
  UserStatus,
  peopleText,
} from '../../../contract/people.ts';
import { notFound } from '../../lib/errors.ts';
import { viewerOf } from '../users/viewer.ts';
import { parseId } from '../posts/post-id.ts';

const RawId = Type.Object({ id: Type.String({ maxLength: 40 }) });
type RawId = { id: string };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const userIdOf = (raw: string) => parseId(raw, () => notFound(peopleText.userNotFound));

/** Managing people and the audit log: 401 without a session, 403 (非管理员账号) to non-admins. */
export default async function peopleRoutes(app: FastifyInstance) {
  const service = app.services.people;

  app.get<{ Querystring: UserListQuery }>(
    '/api/admin/users',
    {
      preValidation: app.requireAdmin,
      schema: { querystring: UserListQuery, response: { 200: ManagedUserList, ...errors } },
    },
    (request) => service.list(request.query),
  );

  app.post<{ Params: RawId; Body: MuteBody }>(
    '/api/admin/users/:id/mute',
    {
      preValidation: app.requireAdmin,
      schema: { params: RawId, body: MuteBody, response: { 200: UserStatus, ...errors } },
    },
    (request) => service.mute(viewerOf(request), userIdOf(request.params.id), request.body),
  );

  app.post<{ Params: RawId; Body: ReasonBody }>(
    '/api/admin/users/:id/ban',
    {
      preValidation: app.requireAdmin,
      schema: { params: RawId, body: ReasonBody, response: { 200: UserStatus, ...errors } },
    },
    (request) =>
      service.ban(viewerOf(request), userIdOf(request.params.id), request.body.reason.trim()),
  );

  app.post<{ Params: RawId; Body: ReasonBody }>(
    '/api/admin/users/:id/lift',
    {
      preValidation: app.requireAdmin,
      schema: { params: RawId, body: ReasonBody, response: { 200: UserStatus, ...errors } },
    },
    (request) =>
      service.lift(viewerOf(request), userIdOf(request.params.id), request.body.reason.trim()),
  );

  app.get<{ Querystring: PageQuery }>(
    '/api/admin/audit',
    {
      preValidation: app.requireAdmin,
      schema: { querystring: PageQuery, response: { 200: AuditList, ...errors } },
    },
    (request) => service.audit(request.query),
  );
}
