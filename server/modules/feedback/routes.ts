import { readFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { ErrorBody, PageQuery } from '../../../contract/common.ts';
import { FEEDBACK_LIMITS, FeedbackCreated, FeedbackList } from '../../../contract/feedback.ts';
import { errorText } from '../../../contract/messages.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { toApiId } from '../../lib/ids.ts';
import { readMultipart, wholeFile } from '../../lib/multipart-input.ts';
import { SCREENSHOT_NAME } from './feedback-service.ts';
import type { FeedbackForm } from './feedback-service.ts';
import { SCREENSHOT_MIME } from './image-type.ts';
import type { ScreenshotFormat } from './image-type.ts';

const ScreenshotParams = Type.Object({ name: Type.String({ pattern: SCREENSHOT_NAME.source }) });
type ScreenshotParams = Static<typeof ScreenshotParams>;

/** Reads the form; stops at the fourth screenshot instead of buffering it. */
async function readFeedbackForm(request: FastifyRequest): Promise<FeedbackForm> {
  const form: FeedbackForm = { fields: {}, screenshots: [] };
  const parts = request.parts({
    limits: {
      fileSize: FEEDBACK_LIMITS.screenshotBytesMax,
      files: 10,
      fields: 20,
      fieldSize: 64 * 1024,
    },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      form.fields[part.fieldname] = String(part.value);
      continue;
    }
    const bytes = await wholeFile(part, errorText.uploadTooLarge);
    // A form submitted with no file chosen sends an empty, nameless part.
    if (bytes.length === 0 && !part.filename) continue;
    if (form.screenshots.length === FEEDBACK_LIMITS.screenshotsMax) {
      throw badRequest(errorText.feedbackTooManyScreenshots);
    }
    form.screenshots.push(bytes);
  }
  return form;
}

export default async function feedbackRoutes(app: FastifyInstance) {
  // The notes' upload route may have registered multipart for the whole app already.
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart);

  const service = app.services.feedback;

  app.post(
    '/api/feedback',
    {
      schema: {
        response: { 200: FeedbackCreated, 400: ErrorBody, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError(415, errorText.unsupportedMediaType);
      // Who sent it comes from the token alone; a userId field in the form is ignored.
      const id = await service.submit(
        request.viewer?.id ?? null,
        await readMultipart(() => readFeedbackForm(request)),
      );
      return { _id: toApiId(id), id: toApiId(id) };
    },
  );

  app.get<{ Querystring: PageQuery }>(
    '/api/feedback',
    {
      preHandler: app.requireAdmin,
      schema: {
        querystring: PageQuery,
        response: { 200: FeedbackList, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get<{ Params: ScreenshotParams }>(
    '/api/feedback/screenshots/:name',
    { schema: { params: ScreenshotParams } },
    async (request, reply) => {
      const name = request.params.name;
      const bytes = await readFile(path.join(service.directory, name)).catch(() => null);
      if (!bytes) throw notFound();
      const format = name.slice(name.lastIndexOf('.') + 1) as ScreenshotFormat;
      return reply
        .header('content-type', SCREENSHOT_MIME[format])
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}
