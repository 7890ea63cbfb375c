import { use, useMemo } from 'react';
import useSWR from 'swr';
import { getPost } from '../api/get-post';
import { peekPrefetchedPost, pendingPrefetch, takePrefetchedPost } from '../note-prefetch';
import { isValidPostId } from '../post-id';
import { postKey } from '../../../lib/post-key';

/** The note the page's HTML fetched early, or (when there is none or it failed) a fresh fetch. */
async function loadPost(id: string) {
  return (await takePrefetchedPost(id)) ?? getPost(id);
}

export function usePost(id: string | undefined) {
  const valid = isValidPostId(id);
  const pending = valid ? pendingPrefetch(id) : null;
  if (pending) use(pending);
  // Read once per note: the fetcher takes the prefetch away, and the page must not fall back to
  // its loading state in between.
  const early = useMemo(() => (valid ? peekPrefetchedPost(id) : undefined), [valid, id]);
  return useSWR(valid ? postKey(id) : null, ([, postId]) => loadPost(postId), {
    revalidateOnFocus: false,
    fallbackData: early,
  });
}
