import type { FastifyInstance } from 'fastify';
import { ErrorBody, PageQuery } from '../../../contract/common.ts';
import {
  CreateOrderBody,
  CreateOrderResult,
  OrderIdParams,
  OrderState,
  SalesReport,
  SandboxConfirmBody,
} from '../../../contract/payment.ts';
import { viewerOf } from '../users/viewer.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
};

/** Notices are small forms or JSON; anything bigger is not a provider's. */
const NOTICE_BODY_LIMIT = 64 * 1024;

export default async function paymentRoutes(app: FastifyInstance) {
  const service = app.services.payments;

  app.post<{ Body: CreateOrderBody }>(
    '/api/payments/orders',
    {
      preHandler: app.requireUser,
      schema: { body: CreateOrderBody, response: { 200: CreateOrderResult, ...errors } },
    },
    (request) => service.createOrder(viewerOf(request), request.body),
  );

  app.get<{ Params: OrderIdParams }>(
    '/api/payments/orders/:id',
    {
      preHandler: app.requireUser,
      schema: { params: OrderIdParams, response: { 200: OrderState, ...errors } },
    },
    (request) => service.orderState(viewerOf(request), request.params.id),
  );

  app.post<{ Params: OrderIdParams; Body: SandboxConfirmBody }>(
    '/api/payments/orders/:id/confirm',
    {
      // A bare POST (no body) means "pay".
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler: app.requireUser,
      schema: {
        params: OrderIdParams,
        body: SandboxConfirmBody,
        response: { 200: OrderState, ...errors },
      },
    },
    (request) =>
      service.confirmSandbox(viewerOf(request), request.params.id, request.body.outcome ?? 'paid'),
  );

  app.get<{ Querystring: PageQuery }>(
    '/api/payments/sales',
    {
      preHandler: app.requireUser,
      schema: { querystring: PageQuery, response: { 200: SalesReport, ...errors } },
    },
    (request) => service.sales(viewerOf(request).id, request.query),
  );

  // Providers sign the exact bytes they send, so notices get the raw body, whatever its type.
  await app.register(async (notices) => {
    notices.removeAllContentTypeParsers();
    notices.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: NOTICE_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    notices.post<{ Params: { provider: string }; Body: string | undefined }>(
      '/api/payments/notify/:provider',
      // Verified by signature, and a provider retries from few addresses: no per-address limit.
      { config: { rateLimit: false } },
      async (request, reply) => {
        const answer = await service.handleNotice(request.params.provider, {
          rawBody: typeof request.body === 'string' ? request.body : '',
          headers: request.headers,
        });
        if (answer.status !== 200) {
          request.log.warn(
            { provider: request.params.provider, answer: answer.status },
            'payment notice refused',
          );
        }
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      },
    );
  });
}
