import useSWR from 'swr';
import type { PostStatus } from '../../../../contract/post';
import { getReviewList } from '../api/admin-posts';

export function useReviewList(status: PostStatus, page: number) {
  return useSWR(
    ['admin-review', status, page],
    ([, listStatus, listPage]) => getReviewList(listStatus, listPage),
    {
      revalidateOnFocus: false,
      keepPreviousData: true,
    },
  );
}
