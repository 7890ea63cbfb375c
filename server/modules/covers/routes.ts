import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../contract/common.ts';
import { CoverBody } from '../../../contract/cover.ts';
import { errorText } from '../../../contract/messages.ts';
import { UploadResult } from '../../../contract/post.ts';
import { AppError } from '../../lib/errors.ts';
import { viewerOf } from '../users/viewer.ts';
import { hasChineseFont } from './fonts.ts';
import { renderCover, styleForTitle } from './render-cover.ts';
import { textCoverSvg } from './text-cover.ts';

/**
 * `POST /api/posts/cover`: the editor's "用标题生成封面". The server draws it (not the page's
 * canvas) so that writers get exactly the seed's covers, with the server's CJK font rather than
 * whatever the phone has, and the result is an ordinary upload of the writer's: the note saves
 * it, the variants resize it and the paywall treats it like any picture.
 */
export default async function coverRoutes(app: FastifyInstance) {
  app.post<{ Body: CoverBody }>(
    '/api/posts/cover',
    {
      preValidation: app.requireUser,
      schema: {
        body: CoverBody,
        response: { 200: UploadResult, 400: ErrorBody, 401: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => {
      if (!(await hasChineseFont())) throw new AppError(503, errorText.coverUnavailable);
      const title = request.body.title.trim();
      const style = request.body.style ?? styleForTitle(title);
      const jpeg = await renderCover(textCoverSvg({ title, style }));
      return app.services.uploads.saveImage(viewerOf(request).id, jpeg);
    },
  );
}
