import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody } from '../../../contract/common.ts';
import {
  CreateReportBody,
  CreatedReport,
  ReportList,
  ReportListQuery,
  ResolveReportBody,
  ResolveReportResult,
  reportText,
} from '../../../contract/report.ts';
import { notFound } from '../../lib/errors.ts';
import { viewerOf } from '../users/viewer.ts';
import { REPORT_RATE_LIMIT } from '../../plugins/rate-limits.ts';
import { parseId } from '../posts/post-id.ts';

const RawId = Type.Object({ id: Type.String({ maxLength: 40 }) });
type RawId = { id: string };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * Reports (举报): any signed-in user files one (member route); the queue and its outcomes are
 * admin routes (401 without a session, 403 非管理员账号 for others).
 */
export default async function reportRoutes(app: FastifyInstance) {
  const service = app.services.reports;

  app.post<{ Body: CreateReportBody }>(
    '/api/reports',
    {
      preValidation: app.requireUser,
      config: { rateLimit: REPORT_RATE_LIMIT },
      schema: { body: CreateReportBody, response: { 201: CreatedReport, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(viewerOf(request), request.body)),
  );

  app.get<{ Querystring: ReportListQuery }>(
    '/api/admin/reports',
    {
      preValidation: app.requireAdmin,
      schema: { querystring: ReportListQuery, response: { 200: ReportList, ...errors } },
    },
    (request) => service.list(request.query),
  );

  app.post<{ Params: RawId; Body: ResolveReportBody }>(
    '/api/admin/reports/:id/resolve',
    {
      preValidation: app.requireAdmin,
      schema: {
        params: RawId,
        body: ResolveReportBody,
        response: { 200: ResolveReportResult, ...errors },
      },
    },
    (request) =>
      service.resolve(
        viewerOf(request),
        parseId(request.params.id, () => notFound(reportText.reportNotFound)),
        request.body,
      ),
  );
}
