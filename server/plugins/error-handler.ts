import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorText } from '../../contract/messages.ts';
import { AppError } from '../lib/errors.ts';

interface ValidationIssue {
  keyword: string;
  message?: string;
}

/** Fastify's own failures that come from bad input, mapped to their Chinese message. */
const frameworkErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: errorText.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: errorText.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: errorText.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: errorText.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: errorText.badRequest },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: errorText.uploadTooLarge },
  FST_FILES_LIMIT: { status: 413, message: errorText.bodyTooLarge },
  FST_PARTS_LIMIT: { status: 413, message: errorText.bodyTooLarge },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: errorText.unsupportedMediaType },
};

/** A schema's `errorMessage` (ajv-errors) is Chinese already; anything else gets the generic text. */
function validationMessage(issues: ValidationIssue[]): string {
  const custom = issues.find((issue) => issue.keyword === 'errorMessage');
  return custom?.message ?? errorText.badRequest;
}

async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      void reply.headers(error.headers).code(error.status).send({ error: error.message });
      return;
    }
    if (error.validation) {
      void reply
        .code(400)
        .send({ error: validationMessage(error.validation as ValidationIssue[]) });
      return;
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) {
      void reply.code(known.status).send({ error: known.message });
      return;
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      void reply.code(429).send({ error: errorText.tooManyRequests });
      return;
    }
    if (status >= 400 && status < 500) {
      void reply.code(status).send({ error: errorText.badRequest });
      return;
    }
    // A failure nobody will read, such as a read cut short when a stopping server closes its
    // pools under a request whose client had already gone: worth a look, not an alarm.
    if (reply.raw.destroyed) {
      request.log.warn({ err: error }, 'request failed after its client hung up');
      return;
    }
    request.log.error({ err: error }, 'unhandled error');
    void reply.code(500).send({ error: errorText.internal });
  });
}

export default fp(errorHandler, { name: 'error-handler' });
