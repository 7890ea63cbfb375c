import type { SavedNoteSummary } from '../../../shared/offline/saved-note-summary';
import { api } from '../../lib/api/client';

export type { SavedNoteSummary };

/**
 * 保存离线阅读 through the service worker's local API (sw/lib/saved-notes.ts). The worker
 * answers these itself, so nothing is retried: a failure is immediate and final.
 */
const once = { retries: 0 } as const;

export const getSavedNotes = () =>
  api.get<{ notes: SavedNoteSummary[] }>('/api/offline/saved', once);

export const isNoteSaved = (postId: string) =>
  api.get<{ saved: boolean }>(`/api/offline/saved/${encodeURIComponent(postId)}`, once);

export const saveNoteOffline = (postId: string) =>
  api.post<{ saved: boolean }>('/api/offline/saved', { postId }, once);

export const removeSavedNote = (postId: string) =>
  api.delete<{ saved: boolean }>(`/api/offline/saved/${encodeURIComponent(postId)}`, once);
