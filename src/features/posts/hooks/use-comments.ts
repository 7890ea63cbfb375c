import { useCallback } from 'react';
import { mutate as mutateGlobal } from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { Comment, CommentList, CommentReply } from '../../../../contract/comment';
import type { Post } from '../../../../contract/post';
import { createComment, deleteComment, getComments } from '../api/comments';
import { postKey } from '../../../lib/post-key';

function setCommentsCount(postId: string, count: (current: number) => number) {
  void mutateGlobal(
    postKey(postId),
    (post: Post | undefined) =>
      post && { ...post, commentsCount: Math.max(0, count(post.commentsCount)) },
    { revalidate: false },
  );
}

/** A note's comments, newest first, each with its replies; posting and deleting keep it current. */
export function useComments(postId: string) {
  const { data, error, size, setSize, isLoading, mutate } = useSWRInfinite(
    (index, previous: CommentList | null) =>
      previous && previous.page >= previous.pages
        ? null
        : (['comments', postId, index + 1] as const),
    ([, id, page]) => getComments(id, page),
    { revalidateOnFocus: false },
  );
  const pages = data ?? [];
  const last = pages[pages.length - 1];
  const comments = pages.flatMap((page) => page.comments);

  const add = useCallback(
    async (content: string, parent: Comment | CommentReply | null) => {
      const created = await createComment(postId, { content, parentId: parent?.id ?? null });
      const topId = created.parentId;
      await mutate(
        (current) => {
          if (!current?.length) return current;
          if (!topId) {
            const [first, ...rest] = current;
            return [
              { ...first, comments: [{ ...created, replies: [] }, ...first.comments] },
              ...rest,
            ];
          }
          return current.map((page) => ({
            ...page,
            comments: page.comments.map((comment) =>
              comment.id === topId
                ? { ...comment, replies: [...(comment.replies ?? []), created] }
                : comment,
            ),
          }));
        },
        { revalidate: !data?.length },
      );
      setCommentsCount(postId, (count) => count + 1);
      return created;
    },
    [postId, mutate, data],
  );

  const remove = useCallback(
    async (comment: Comment | CommentReply) => {
      const result = await deleteComment(comment.id);
      await mutate(
        (current) =>
          current?.map((page) => ({
            ...page,
            comments: page.comments
              .filter((item) => item.id !== comment.id)
              .map((item) => ({
                ...item,
                replies: item.replies?.filter((reply) => reply.id !== comment.id),
              })),
          })),
        { revalidate: false },
      );
      setCommentsCount(postId, () => result.commentsCount);
    },
    [postId, mutate],
  );

  return {
    comments,
    total: last?.total ?? 0,
    isLoading,
    error,
    hasMore: Boolean(last && last.page < last.pages),
    isLoadingMore: !error && pages.length < size && !isLoading,
    loadMore: () => void setSize(size + 1),
    retry: () => void mutate(),
    add,
    remove,
  };
}
