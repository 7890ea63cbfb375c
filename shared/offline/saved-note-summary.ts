import type { Post } from '../../contract/post';

/** A note kept for 离线阅读, as the worker lists it to the page. */
export interface SavedNoteSummary {
  id: string;
  title: string;
  cover: Post['cover'];
  authorName: string;
  savedAt: number;
}
