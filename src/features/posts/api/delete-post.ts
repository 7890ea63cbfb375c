import { errorText } from '../../../../contract/page-messages';
import { api } from '../../../lib/api/client';

export const deletePost = (id: string) =>
  api.delete<{ success: boolean }>(`/api/posts/${encodeURIComponent(id)}`, {
    errorMessage: errorText.deletePostFailed,
  });
