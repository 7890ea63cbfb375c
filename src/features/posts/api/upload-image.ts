import { errorText } from '../../../../contract/page-messages';
import type { UploadResult } from '../../../../contract/post';
import { api } from '../../../lib/api/client';

export function uploadImage(
  file: File,
  options: { onProgress: (percent: number) => void; signal: AbortSignal },
): Promise<UploadResult> {
  const form = new FormData();
  form.append('image', file);
  return api.upload<UploadResult>('/api/posts/upload', form, {
    ...options,
    errorMessage: errorText.uploadFailed,
  });
}
