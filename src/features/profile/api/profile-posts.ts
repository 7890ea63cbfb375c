import type { FavoriteList, LikedPosts, PostList } from '../../../../contract/post';
import { api } from '../../../lib/api/client';

export const PROFILE_PAGE_SIZE = 20;

export interface PostPageResult {
  posts: PostList['posts'];
  page: number;
  pages: number;
}

/** The SWR name of someone's published notes. */
export const userPostsListKey = (userId: string) => ['user-posts', userId] as const;

/** The caller's notes in every status. */
export const getMyPosts = (page: number): Promise<PostPageResult> =>
  api.get<PostList>('/api/posts/user/me', { query: { page, limit: PROFILE_PAGE_SIZE } });

/** Someone's published notes. */
export const getUserPosts = (userId: string, page: number): Promise<PostPageResult> =>
  api.get<PostList>(`/api/posts/user/${encodeURIComponent(userId)}`, {
    query: { page, limit: PROFILE_PAGE_SIZE },
  });

export async function getFavorites(page: number): Promise<PostPageResult> {
  const result = await api.get<FavoriteList>('/api/posts/favorites', {
    query: { page, limit: PROFILE_PAGE_SIZE },
  });
  return { posts: result.favorites, page: result.page, pages: result.pages };
}

/** The notes a user liked. The answer is a bare list: a full page means there may be more. */
export async function getLikedPosts(userId: string, page: number): Promise<PostPageResult> {
  const posts = await api.get<LikedPosts>(
    `/api/auth/users/${encodeURIComponent(userId)}/liked-posts`,
    {
      query: { page, limit: PROFILE_PAGE_SIZE },
    },
  );
  return { posts, page, pages: posts.length < PROFILE_PAGE_SIZE ? page : page + 1 };
}
