import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthResponse, LoginBody, RegisterBody, UpdateMeBody } from '../../../contract/auth.ts';
import { ErrorBody } from '../../../contract/common.ts';
import { User } from '../../../contract/user.ts';
import { viewerOf } from '../../plugins/auth.ts';
import { createAuthService, type ClientInfo } from './auth-service.ts';
import { createLoginLimiter } from './login-limiter.ts';

const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

export default async function authRoutes(app: FastifyInstance) {
  const service = createAuthService({
    db: app.db,
    jwtSecret: app.config.jwtSecret,
    loginLimiter: createLoginLimiter(),
  });

  app.post<{ Body: RegisterBody }>(
    '/api/auth/register',
    { schema: { body: RegisterBody, response: { 200: AuthResponse, ...errors } } },
    (request) => service.register(request.body, clientInfo(request)),
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
          200: { type: 'object', properties: { success: { type: 'boolean' } } },
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
    { preHandler: app.requireUser, schema: { response: { 200: User, 401: ErrorBody } } },
    (request) => service.me(viewerOf(request).row),
  );

  app.put<{ Body: UpdateMeBody }>(
    '/api/auth/me',
    {
      preHandler: app.requireUser,
      schema: { body: UpdateMeBody, response: { 200: User, ...errors } },
    },
    (request) => service.updateMe(viewerOf(request).row, request.body),
  );
}
