import { NOTE_PREFETCH_GLOBAL } from '../../../contract/page-hints';
import type { Post } from '../../../contract/post';
import { storageKeys } from '../../lib/storage-keys';

/** What the note page's HTML started (server/lib/note-prefetch.ts). */
interface NotePrefetch {
  id: string;
  token: string;
  /** The note, or null when the server refused or the network failed. */
  request: Promise<Post | null>;
  /** The same answer, once it has arrived. */
  note?: Post | null;
}

type WithPrefetch = Window & { [NOTE_PREFETCH_GLOBAL]?: NotePrefetch };

/** The prefetch, when it is for this note and was made with the session still current. */
function prefetchFor(id: string): NotePrefetch | null {
  const prefetch = (window as WithPrefetch)[NOTE_PREFETCH_GLOBAL];
  if (!prefetch || prefetch.id !== id) return null;
  return prefetch.token === localStorage.getItem(storageKeys.token) ? prefetch : null;
}

/** The note the page's HTML already holds, to draw at the first render without a loading state. */
export function peekPrefetchedPost(id: string): Post | undefined {
  return prefetchFor(id)?.note ?? undefined;
}

/**
 * The page's own request for this note while its answer is still on the way: the first render
 * waits for it (the server-drawn note stays up meanwhile) rather than show a loading state.
 */
export function pendingPrefetch(id: string): Promise<Post | null> | null {
  const prefetch = prefetchFor(id);
  return prefetch && !('note' in prefetch) ? prefetch.request : null;
}

/**
 * The note the page's HTML already asked for, if it is this one; taken once, so later loads (a
 * refresh, another note) ask as usual.
 */
export function takePrefetchedPost(id: string): Promise<Post | null> | null {
  const prefetch = prefetchFor(id);
  delete (window as WithPrefetch)[NOTE_PREFETCH_GLOBAL];
  return prefetch?.request ?? null;
}
