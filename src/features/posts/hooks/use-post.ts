import useSWR from 'swr';
import { getPost } from '../api/get-post';
import { isValidPostId } from '../post-id';

export const postKey = (id: string) => ['post', id] as const;

export function usePost(id: string | undefined) {
  return useSWR(isValidPostId(id) ? postKey(id) : null, ([, postId]) => getPost(postId), {
    revalidateOnFocus: false,
  });
}
