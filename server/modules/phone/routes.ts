import type { FastifyInstance } from 'fastify';
import { AuthResponse, CurrentUser } from '../../../contract/auth.ts';
import { ErrorBody } from '../../../contract/common.ts';
import {
  BindPhoneBody,
  PhoneLoginBody,
  PhoneRegisterBody,
  SendCodeBody,
  SendCodeResponse,
} from '../../../contract/phone.ts';
import { viewerOf } from '../users/viewer.ts';
import { clientInfo } from '../auth/client-info.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  502: ErrorBody,
};

/** Sign-in and registration by phone with SMS codes, and binding a phone from settings. */
export default async function phoneRoutes(app: FastifyInstance) {
  const { phone: service, words } = app.services;

  app.post<{ Body: SendCodeBody }>(
    '/api/auth/verification-code',
    { schema: { body: SendCodeBody, response: { 200: SendCodeResponse, ...errors } } },
    (request) => service.sendCode(request.body, request.viewer?.row ?? null, request.ip),
  );

  app.post<{ Body: PhoneLoginBody }>(
    '/api/auth/login/phone',
    { schema: { body: PhoneLoginBody, response: { 200: AuthResponse, ...errors } } },
    (request) => service.login(request.body, clientInfo(request)),
  );

  app.post<{ Body: PhoneRegisterBody }>(
    '/api/auth/register/phone',
    { schema: { body: PhoneRegisterBody, response: { 200: AuthResponse, ...errors } } },
    async (request) => {
      await words.refuse(request.body.username);
      return service.register(request.body, clientInfo(request));
    },
  );

  app.put<{ Body: BindPhoneBody }>(
    '/api/auth/phone',
    {
      preHandler: app.requireUser,
      schema: { body: BindPhoneBody, response: { 200: CurrentUser, ...errors } },
    },
    (request) => service.bindPhone(viewerOf(request).row, request.body),
  );
}
