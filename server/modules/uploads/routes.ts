import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody } from '../../../contract/common.ts';
import { errorText } from '../../../contract/messages.ts';
import { UploadResult } from '../../../contract/post.ts';
import { UPLOAD_MAX_BYTES } from '../../../contract/post-rules.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { readMultipart, wholeFile } from '../../lib/multipart-input.ts';
import { viewerOf } from '../users/viewer.ts';
import { chooseVariant, etagOf } from './variants.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A paid note's image, sent to one reader: no shared cache may keep it. */
const PRIVATE_WEEK = 'private, max-age=604800';

const UploadParams = Type.Object({ name: Type.String() });
const VariantQuery = Type.Object({
  w: Type.Optional(Type.String({ maxLength: 8 })),
  q: Type.Optional(Type.String({ maxLength: 8 })),
  // A reader's grant for a paid note's image (the paywall adds it to the URLs it hands out).
  e: Type.Optional(Type.String({ maxLength: 16 })),
  s: Type.Optional(Type.String({ maxLength: 64 })),
});

export default async function uploadRoutes(app: FastifyInstance) {
  const { uploads: service, uploadQuota: quota, variants, paywall } = app.services;

  app.post(
    '/api/posts/upload',
    {
      preValidation: app.requireUser,
      schema: {
        response: {
          200: UploadResult,
          400: ErrorBody,
          401: ErrorBody,
          413: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest(errorText.uploadMissing);
      const bytes = await readMultipart(async () => {
        const file = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
        if (!file || file.fieldname !== 'image') throw badRequest(errorText.uploadMissing);
        return wholeFile(file, errorText.uploadTooLarge);
      });
      const ownerId = viewerOf(request).id;
      await quota.reserve(ownerId, bytes.length);
      return service.saveImage(ownerId, bytes);
    },
  );

  app.get<{
    Params: { name: string };
    Querystring: { w?: string; q?: string; e?: string; s?: string };
  }>(
    '/api/uploads/:name',
    { schema: { params: UploadParams, querystring: VariantQuery } },
    async (request, reply) => {
      const { name } = request.params;
      const upload = /^[A-Za-z0-9_-]{1,64}\.(jpg|png|gif)$/.test(name)
        ? await service.find(name)
        : undefined;
      if (!upload) throw notFound();
      // Originals and variants alike: a paid note's images beyond the first need access.
      const access = await paywall.uploadAccess(request.viewer, name, request.query);
      if (access === 'denied') throw forbidden(errorText.paidImageLocked);

      const spec = chooseVariant({
        mime: upload.mime as 'image/jpeg' | 'image/png' | 'image/gif',
        originalWidth: upload.width,
        w: request.query.w,
        q: request.query.q,
        accept: request.headers.accept,
        saveData: request.headers['save-data'] as string | undefined,
      });
      const etag = etagOf(name, spec);
      void reply
        .header('cache-control', access === 'public' ? IMMUTABLE : PRIVATE_WEEK)
        .header('vary', 'Accept, Save-Data')
        .header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();

      const loadOriginal = () => app.storage.get(name);
      const body = spec ? await variants.get(name, spec, loadOriginal) : await loadOriginal();
      if (!body) throw notFound();
      return reply.type(spec ? `image/${spec.format}` : upload.mime).send(body);
    },
  );
}
