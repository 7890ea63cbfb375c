import { errorText } from '../../../../contract/messages';
import type { FavoriteResult, LikeResult } from '../../../../contract/post';
import { api, ApiError } from '../../../lib/api/client';
import { isValidPostId } from '../post-id';

/** Likes or unlikes a note (the server toggles). */
export async function likePost(id: string | null | undefined): Promise<LikeResult> {
  if (!isValidPostId(id)) throw new ApiError(400, errorText.likeInvalidId);
  const result = await api.post<LikeResult>(`/api/posts/${id}/like`, undefined, {
    errorMessage: errorText.likeFailed,
  });
  // SPEC.md section 5: the like response must be an object.
  if (!result || typeof result !== 'object') throw new ApiError(500, errorText.likeFailed);
  return result;
}

/** Adds the note to or removes it from the caller's favorites (the server toggles). */
export async function favoritePost(id: string | null | undefined): Promise<FavoriteResult> {
  if (!isValidPostId(id)) throw new ApiError(400, errorText.favoriteFailed);
  return api.post<FavoriteResult>(`/api/posts/${id}/favorite`, undefined, {
    errorMessage: errorText.favoriteFailed,
  });
}
