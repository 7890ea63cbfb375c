import useSWR from 'swr';
import { getPost } from '../api/get-post';
import { isValidPostId } from '../post-id';
import { postKey } from '../../../lib/post-key';

export function usePost(id: string | undefined) {
  return useSWR(isValidPostId(id) ? postKey(id) : null, ([, postId]) => getPost(postId), {
    revalidateOnFocus: false,
  });
}
