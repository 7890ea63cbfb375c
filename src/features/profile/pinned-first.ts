import type { PostCard } from '../../../contract/post';

/** A pinned note leads its author's profile, wherever the server listed it. */
export function pinnedFirst(posts: PostCard[]): PostCard[] {
  const index = posts.findIndex((post) => post.isPinned);
  if (index <= 0) return posts;
  return [posts[index], ...posts.slice(0, index), ...posts.slice(index + 1)];
}
