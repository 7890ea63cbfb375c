import type { Post } from '../../../../contract/post';
import type { EditorValue } from './note-editor';

export const EMPTY_EDITOR_VALUE: EditorValue = {
  title: '',
  data: { content: '', categoryId: null, tags: [], images: [], price: 0 },
};

/** A published note as the editor holds it. */
export function editorValueFromPost(post: Post): EditorValue {
  return {
    title: post.title,
    data: {
      content: post.content,
      categoryId: post.categoryId,
      tags: post.tags,
      images: post.images,
      price: post.price,
    },
  };
}
