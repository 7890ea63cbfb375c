import type { FastifyInstance } from 'fastify';
import {
  AuthResponse,
  CurrentUser,
  LoginBody,
  RegisterBody,
  SuccessResponse,
  UpdateMeBody,
} from '../../../contract/auth.ts';
import { ErrorBody } from '../../../contract/common.ts';
import { viewerOf } from '../users/viewer.ts';
import { clientInfo } from './client-info.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** Password accounts and the session itself (the other ways in have modules of their own). */
export default async function authRoutes(app: FastifyInstance) {
  const { auth: service, words } = app.services;

  app.post<{ Body: RegisterBody }>(
    '/api/auth/register',
    { schema: { body: RegisterBody, response: { 200: AuthResponse, ...errors } } },
    async (request) => {
      await words.refuse(request.body.username);
      return service.register(request.body, clientInfo(request));
    },
  );

  app.post<{ Body: LoginBody }>(
    '/api/auth/login',
    { schema: { body: LoginBody, response: { 200: AuthResponse, ...errors } } },
    (request) =>
      service.login(request.body.username.trim(), request.body.password, clientInfo(request)),
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: app.requireUser,
      schema: {
        response: {
          200: SuccessResponse,
          401: ErrorBody,
        },
      },
    },
    async (request) => {
      await service.logout(viewerOf(request).sessionId);
      return { success: true };
    },
  );

  app.get(
    '/api/auth/me',
    { preHandler: app.requireUser, schema: { response: { 200: CurrentUser, 401: ErrorBody } } },
    (request) => service.me(viewerOf(request).row),
  );

  app.put<{ Body: UpdateMeBody }>(
    '/api/auth/me',
    {
      preHandler: app.requireUser,
      schema: { body: UpdateMeBody, response: { 200: CurrentUser, ...errors } },
    },
    async (request) => {
      await words.refuse(request.body.username ?? '', request.body.bio ?? '');
      return service.updateMe(viewerOf(request).row, request.body);
    },
  );
}
