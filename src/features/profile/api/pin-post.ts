import { errorText } from '../../../../contract/page-messages';
import type { PinResult } from '../../../../contract/post';
import { api } from '../../../lib/api/client';

export const pinPost = (postId: string) =>
  api.post<PinResult>('/api/users/pin-post', { postId }, { errorMessage: errorText.pinFailed });

export const unpinPost = (postId: string) =>
  api.post<PinResult>('/api/users/unpin-post', { postId }, { errorMessage: errorText.unpinFailed });
