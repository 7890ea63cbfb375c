import type { FastifyInstance } from 'fastify';
import {
  ATMOSPHERE_NOTES,
  ATMOSPHERE_RULES,
  AtmosphereMe,
  AtmosphereRules,
} from '../../../contract/atmosphere.ts';
import { ErrorBody } from '../../../contract/common.ts';
import { viewerOf } from '../users/viewer.ts';

/** The atmosphere value: listens to the domain's events and shows the rules and the score. */
export default async function atmosphereRoutes(app: FastifyInstance) {
  const service = app.services.atmosphere;

  const rules = { rules: [...ATMOSPHERE_RULES], notes: [...ATMOSPHERE_NOTES] };
  app.get('/api/atmosphere/rules', { schema: { response: { 200: AtmosphereRules } } }, () => rules);

  app.get(
    '/api/atmosphere/me',
    { preHandler: app.requireUser, schema: { response: { 200: AtmosphereMe, 401: ErrorBody } } },
    (request) => service.me(viewerOf(request).id),
  );
}
