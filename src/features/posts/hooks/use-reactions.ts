import { useRef, useState } from 'react';
import { mutate } from 'swr';
import { errorText } from '../../../../contract/page-messages';
import type { Post } from '../../../../contract/post';
import { notify } from '../../../lib/notify';
import { favoritePost, likePost } from '../api/toggle-reaction';
import { postKey } from '../../../lib/post-key';

interface ReactionState {
  active: boolean;
  count: number;
}

/**
 * One toggle (like or favorite) shown at once and confirmed by the server afterwards; a failure
 * puts the previous state back and says so (SPEC.md section 8: 点赞失败 / 收藏失败).
 */
function useOptimisticToggle(
  post: Post,
  initial: ReactionState,
  /** Asks the server for the state the reader chose (`active`). */
  send: (id: string, active: boolean) => Promise<ReactionState>,
  failureText: string,
  toPost: (state: ReactionState) => Partial<Post>,
) {
  const [state, setState] = useState(initial);
  const [shownFor, setShownFor] = useState(post.id);
  const pending = useRef(false);
  // Another note in the same page component: start from its own counts.
  if (shownFor !== post.id) {
    setShownFor(post.id);
    setState(initial);
  }

  async function toggle() {
    if (pending.current) return;
    pending.current = true;
    const before = state;
    setState({
      active: !before.active,
      count: Math.max(0, before.count + (before.active ? -1 : 1)),
    });
    try {
      const confirmed = await send(post.id, !before.active);
      setState(confirmed);
      void mutate(
        postKey(post.id),
        (current: Post | undefined) => current && { ...current, ...toPost(confirmed) },
        { revalidate: false },
      );
    } catch (error) {
      setState(before);
      notify.error(
        error instanceof Error && error.message === errorText.likeInvalidId
          ? error.message
          : failureText,
      );
    } finally {
      pending.current = false;
    }
  }

  return { ...state, toggle };
}

export function useReactions(post: Post) {
  const like = useOptimisticToggle(
    post,
    { active: post.isLiked, count: post.likesCount },
    async (id, active) => {
      const result = await likePost(id, active);
      return { active: result.liked, count: result.likesCount };
    },
    errorText.likeFailed,
    ({ active, count }) => ({ isLiked: active, likesCount: count }),
  );
  const favorite = useOptimisticToggle(
    post,
    { active: post.isFavorited, count: post.favoritesCount },
    async (id, active) => {
      const result = await favoritePost(id, active);
      return { active: result.favorited, count: result.favoritesCount };
    },
    errorText.favoriteFailed,
    ({ active, count }) => ({ isFavorited: active, favoritesCount: count }),
  );
  return { like, favorite };
}
