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
import { viewerOf } from '../../plugins/auth.ts';
import passwordResetRoutes from '../password-reset/routes.ts';
import phoneRoutes from '../phone/routes.ts';
import settingsRoutes from '../settings/routes.ts';
import socialRoutes from '../social/routes.ts';
import { createAuthService } from './auth-service.ts';
import { clientInfo } from './client-info.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** Password accounts and the session itself; the other ways in are registered from here. */
export default async function authRoutes(app: FastifyInstance) {
  const service = createAuthService(app);
  await app.register(phoneRoutes);
  await app.register(socialRoutes);
  await app.register(passwordResetRoutes);
  await app.register(settingsRoutes);

  app.post<{ Body: RegisterBody }>(
    '/api/auth/register',
    { schema: { body: RegisterBody, response: { 200: AuthResponse, ...errors } } },
    async (request) => {
      await app.words.refuse(request.body.username);
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
      await app.words.refuse(request.body.username ?? '', request.body.bio ?? '');
      return service.updateMe(viewerOf(request).row, request.body);
    },
  );
}
