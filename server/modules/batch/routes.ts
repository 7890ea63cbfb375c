import type { FastifyInstance } from 'fastify';
import { BatchBody, BatchResponse } from '../../../contract/batch.ts';
import { ErrorBody } from '../../../contract/common.ts';
import { runBatchItem } from './run-batch.ts';

export default async function batchRoutes(app: FastifyInstance) {
  app.post<{ Body: BatchBody }>(
    '/api/batch',
    { schema: { body: BatchBody, response: { 200: BatchResponse, 400: ErrorBody } } },
    async (request) => {
      const results = [];
      // One after another: writes in a batch happen in the order the client queued them.
      for (const [index, item] of request.body.requests.entries()) {
        results.push(await runBatchItem(app, request, item, index));
      }
      return { results };
    },
  );
}
