import type { FastifyInstance } from 'fastify';
import {
  ForgotPasswordBody,
  ResetPasswordBody,
  ResetTokenParams,
  SuccessResponse,
} from '../../../contract/auth.ts';
import { ErrorBody } from '../../../contract/common.ts';

const errors = { 400: ErrorBody, 429: ErrorBody };

/** Forgotten passwords: a one-time link by e-mail, then a new password. */
export default async function passwordResetRoutes(app: FastifyInstance) {
  const service = app.services.passwordReset;

  app.post<{ Body: ForgotPasswordBody }>(
    '/api/auth/forgot-password',
    { schema: { body: ForgotPasswordBody, response: { 200: SuccessResponse, ...errors } } },
    (request) => service.requestReset(request.body.email, request.ip),
  );

  app.get<{ Params: ResetTokenParams }>(
    '/api/auth/reset-password/:token',
    { schema: { params: ResetTokenParams, response: { 200: SuccessResponse, ...errors } } },
    (request) => service.check(request.params.token),
  );

  app.post<{ Params: ResetTokenParams; Body: ResetPasswordBody }>(
    '/api/auth/reset-password/:token',
    {
      schema: {
        params: ResetTokenParams,
        body: ResetPasswordBody,
        response: { 200: SuccessResponse, ...errors },
      },
    },
    (request) => service.reset(request.params.token, request.body.password),
  );
}
