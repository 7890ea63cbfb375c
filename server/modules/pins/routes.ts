import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../contract/common.ts';
import { PinBody, PinResult } from '../../../contract/post.ts';
import { viewerOf } from '../users/viewer.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export default async function pinRoutes(app: FastifyInstance) {
  const service = app.services.pins;

  for (const [path, pin] of [
    ['/api/users/pin-post', true],
    ['/api/users/unpin-post', false],
  ] as const) {
    app.post<{ Body: PinBody }>(
      path,
      {
        preValidation: app.requireUser,
        schema: { body: PinBody, response: { 200: PinResult, ...errors } },
      },
      (request) => service.setPinned(viewerOf(request), Number(request.body.postId), pin),
    );
  }
}
