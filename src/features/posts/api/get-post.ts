import { errorText } from '../../../../contract/page-messages';
import type { Post } from '../../../../contract/post';
import { api } from '../../../lib/api/client';

export const getPost = (id: string) =>
  api.get<Post>(`/api/posts/${encodeURIComponent(id)}`, { errorMessage: errorText.postNotFound });
