import type { PendingList, PostStats, ReviewBody } from '../../../../contract/admin';
import type { Post, PostList, PostStatus } from '../../../../contract/post';
import { api } from '../../../lib/api/client';
import { adminRequest } from './admin-request';

/** SPEC.md section 9: the pending list's default page size. */
export const REVIEW_PAGE_SIZE = 10;

export const getReviewList = (status: PostStatus, page: number) =>
  adminRequest(() =>
    api.get<PostList & Pick<PendingList, 'flaggedWords'>>('/api/posts/admin/pending', {
      query: { status, page, limit: REVIEW_PAGE_SIZE },
    }),
  );

export const reviewPost = (id: string, body: ReviewBody) =>
  adminRequest(() => api.post<Post>(`/api/posts/admin/${encodeURIComponent(id)}/review`, body));

export const changePostCategory = (id: string, categoryId: string) =>
  adminRequest(() =>
    api.post<Post>(`/api/posts/admin/${encodeURIComponent(id)}/category`, { categoryId }),
  );

export const getPostStats = () => adminRequest(() => api.get<PostStats>('/api/posts/stats'));
