import type { FastifyInstance } from 'fastify';
import { AuthResponse } from '../../../contract/auth.ts';
import { ErrorBody } from '../../../contract/common.ts';
import {
  AuthorizeQuery,
  AuthorizeResponse,
  NotBoundBody,
  SocialBindBody,
  SocialBindings,
  SocialLoginBody,
  SocialProviders,
  SocialRegisterBody,
  SocialTypeParams,
} from '../../../contract/social.ts';
import { viewerOf } from '../users/viewer.ts';
import { clientInfo } from '../auth/client-info.ts';
import { clearStateCookie, readStateCookie, setStateCookie } from './state-cookie.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
};

/** WeChat QR login and QQ Connect: sign-in, sign-up, and binding from settings. */
export default async function socialRoutes(app: FastifyInstance) {
  const service = app.services.social;
  const secureCookie = app.config.publicOrigin.startsWith('https:');

  app.get(
    '/api/auth/oauth/providers',
    { schema: { response: { 200: SocialProviders } } },
    async () => service.providers(),
  );

  app.get<{ Params: SocialTypeParams; Querystring: AuthorizeQuery }>(
    '/api/auth/oauth/:type/authorize',
    {
      schema: {
        params: SocialTypeParams,
        querystring: AuthorizeQuery,
        response: { 200: AuthorizeResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      const { nonce, ...answer } = await service.authorize(
        type,
        request.query.purpose ?? 'login',
        request.viewer?.row ?? null,
      );
      setStateCookie(reply, type, nonce, secureCookie);
      void reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  app.post<{ Params: SocialTypeParams; Body: SocialLoginBody }>(
    '/api/auth/login/:type',
    {
      schema: {
        params: SocialTypeParams,
        body: SocialLoginBody,
        response: { 200: AuthResponse, ...errors, 404: NotBoundBody },
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      const result = await service.login(
        type,
        request.body,
        readStateCookie(request, type),
        clientInfo(request),
      );
      clearStateCookie(reply, type);
      if ('notBound' in result) return reply.code(404).send(result.notBound);
      return result.signedIn;
    },
  );

  app.post<{ Params: SocialTypeParams; Body: SocialRegisterBody }>(
    '/api/auth/register/:type',
    {
      schema: {
        params: SocialTypeParams,
        body: SocialRegisterBody,
        response: { 200: AuthResponse, ...errors },
      },
    },
    (request) => service.register(request.params.type, request.body, clientInfo(request)),
  );

  app.get(
    '/api/auth/social',
    { preHandler: app.requireUser, schema: { response: { 200: SocialBindings, 401: ErrorBody } } },
    (request) => service.bindings(viewerOf(request).id),
  );

  app.post<{ Params: SocialTypeParams; Body: SocialBindBody }>(
    '/api/auth/social/:type/bind',
    {
      preHandler: app.requireUser,
      schema: {
        params: SocialTypeParams,
        body: SocialBindBody,
        response: { 200: SocialBindings, ...errors },
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      const answer = await service.bind(
        type,
        viewerOf(request).row,
        request.body,
        readStateCookie(request, type),
      );
      clearStateCookie(reply, type);
      return answer;
    },
  );

  app.delete<{ Params: SocialTypeParams }>(
    '/api/auth/social/:type',
    {
      preHandler: app.requireUser,
      schema: { params: SocialTypeParams, response: { 200: SocialBindings, ...errors } },
    },
    (request) => service.unbind(request.params.type, viewerOf(request).row),
  );
}
