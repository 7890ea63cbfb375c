import type { FastifyInstance } from 'fastify';
import { SuccessResponse } from '../../../contract/auth.ts';
import { ErrorBody } from '../../../contract/common.ts';
import {
  ChangePasswordBody,
  UpdateSettingsBody,
  UserSettings,
} from '../../../contract/settings.ts';
import { viewerOf } from '../users/viewer.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 429: ErrorBody };

/** The settings page's own calls; profile fields stay on PUT /api/auth/me. */
export default async function settingsRoutes(app: FastifyInstance) {
  const service = app.services.settings;

  app.put<{ Body: ChangePasswordBody }>(
    '/api/auth/password',
    {
      preHandler: app.requireUser,
      schema: { body: ChangePasswordBody, response: { 200: SuccessResponse, ...errors } },
    },
    (request) => service.changePassword(viewerOf(request), request.body, request.ip),
  );

  app.put<{ Body: UpdateSettingsBody }>(
    '/api/auth/settings',
    {
      preHandler: app.requireUser,
      schema: { body: UpdateSettingsBody, response: { 200: UserSettings, ...errors } },
    },
    (request) => service.updateSettings(viewerOf(request).row, request.body),
  );

  app.post(
    '/api/auth/logout-all',
    { preHandler: app.requireUser, schema: { response: { 200: SuccessResponse, ...errors } } },
    (request) => service.logoutEverywhere(viewerOf(request).id),
  );
}
