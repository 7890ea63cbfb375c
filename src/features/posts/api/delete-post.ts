import { errorText } from '../../../../contract/messages';
import { api } from '../../../lib/api/client';

export const deletePost = (id: string) =>
  api.delete<{ success: boolean }>(`/api/posts/${encodeURIComponent(id)}`, {
    errorMessage: errorText.deletePostFailed,
  });
