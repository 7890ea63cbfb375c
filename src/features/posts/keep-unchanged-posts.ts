import { dequal } from 'dequal/lite';
import type { PostCard } from '../../../contract/post';

/**
 * The next list of notes, where every note equal to one already shown keeps the object shown:
 * a refresh that brings the same data then re-renders no card (the cards are memoised on their
 * note), and an unchanged list comes back as the very same array.
 */
export function keepUnchangedPosts(shown: PostCard[], next: PostCard[]): PostCard[] {
  if (shown.length === 0) return next;
  const shownById = new Map(shown.map((post) => [post.id, post]));
  let sameList = shown.length === next.length;
  const kept = next.map((post, index) => {
    const previous = shownById.get(post.id);
    const result = previous && dequal(previous, post) ? previous : post;
    if (result !== shown[index]) sameList = false;
    return result;
  });
  return sameList ? shown : kept;
}
