import type { DraftData } from '../../contract/draft';

/** Everything the editor holds: the title plus the rest of a draft. */
export interface EditorContent {
  title: string;
  data: DraftData;
}

/** One copy of a draft, wherever it is kept. */
export interface DraftCopy extends EditorContent {
  /** ISO 8601: when the user last typed in this copy. */
  editedAt: string;
  source: 'local' | 'server';
}

/** The browser's copy of a draft (IndexedDB). */
export interface LocalDraft extends EditorContent {
  clientId: string;
  editedAt: string;
  /**
   * `editedAt` of the server copy this one was last saved as or loaded from; null when the
   * server has never seen it. A local copy whose `editedAt` differs has unsaved changes.
   */
  syncedEditedAt: string | null;
  /** Set when this is an unsaved edit of a published note rather than a new note's draft. */
  postId?: string;
  /** Copies this one replaced when the user resumed another version: kept, never dropped. */
  versions: DraftCopy[];
}

export const EMPTY_DRAFT_DATA: DraftData = {
  content: '',
  categoryId: null,
  tags: [],
  images: [],
  price: 0,
};

export const isBlankContent = ({ title, data }: EditorContent) =>
  !title.trim() && !data.content.trim() && data.images.length === 0 && data.tags.length === 0;

export const editedTime = (copy: { editedAt: string }) => Date.parse(copy.editedAt) || 0;
