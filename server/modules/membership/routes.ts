import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../contract/common.ts';
import { MembershipPlans, MembershipStatus } from '../../../contract/membership.ts';
import { viewerOf } from '../users/viewer.ts';
import { presentPlans } from './membership-service.ts';

export default async function membershipRoutes(app: FastifyInstance) {
  const service = app.services.membership;
  const plans = presentPlans();

  app.get('/api/membership/plans', { schema: { response: { 200: MembershipPlans } } }, () => plans);

  app.get(
    '/api/membership/me',
    {
      preHandler: app.requireUser,
      schema: { response: { 200: MembershipStatus, 401: ErrorBody } },
    },
    (request) => service.status(viewerOf(request).row),
  );
}
