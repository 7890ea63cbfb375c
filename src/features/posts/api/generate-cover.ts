import type { CoverBody } from '../../../../contract/cover';
import { errorText } from '../../../../contract/page-messages';
import type { UploadResult } from '../../../../contract/post';
import { api } from '../../../lib/api/client';

/** `POST /api/posts/cover`: a text cover of the title, stored as the writer's upload. */
export function generateCover(body: CoverBody): Promise<UploadResult> {
  return api.post<UploadResult>('/api/posts/cover', body, {
    errorMessage: errorText.coverUnavailable,
    // Drawing is not idempotent: a retried request would store a second copy.
    retries: 0,
  });
}
