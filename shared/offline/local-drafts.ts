import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import type { SaveDraftResult } from '../../contract/draft';
import type { DraftCopy, LocalDraft } from './draft-copy';

/** How many set-aside copies one draft keeps in the browser. */
const MAX_LOCAL_VERSIONS = 5;

interface DraftsDb extends DBSchema {
  drafts: { key: string; value: LocalDraft & { userId: string } };
}

let database: Promise<IDBPDatabase<DraftsDb>> | null = null;

function db() {
  database ??= openDB<DraftsDb>('vibe-drafts', 1, {
    upgrade(upgrading) {
      upgrading.createObjectStore('drafts', { keyPath: 'clientId' });
    },
  });
  return database;
}

/**
 * The browser's copies of drafts (IndexedDB), one per clientId, owned by the signed-in user so
 * two people sharing a browser never see each other's drafts.
 */
export const localDrafts = {
  async get(userId: string, clientId: string): Promise<LocalDraft | null> {
    const draft = await (await db()).get('drafts', clientId);
    return draft && draft.userId === userId ? draft : null;
  },

  async list(userId: string): Promise<LocalDraft[]> {
    const all = await (await db()).getAll('drafts');
    return all.filter((draft) => draft.userId === userId);
  },

  async put(userId: string, draft: LocalDraft): Promise<void> {
    await (await db()).put('drafts', { ...draft, userId });
  },

  /** Records that the server now holds the copy edited at `editedAt` (if it is still current). */
  async markSynced(userId: string, clientId: string, editedAt: string): Promise<void> {
    const store = (await db()).transaction('drafts', 'readwrite').store;
    const draft = await store.get(clientId);
    if (draft && draft.userId === userId && draft.editedAt === editedAt) {
      await store.put({ ...draft, syncedEditedAt: editedAt });
    }
  },

  /**
   * After a save of the copy edited at `sent`, wherever it was sent from (the editor, the
   * outbox in the page or the worker): when the server kept it, the next save starts from it.
   */
  async recordSaved(
    userId: string,
    clientId: string,
    sent: string,
    result: Pick<SaveDraftResult, 'kept'>,
  ): Promise<void> {
    if (result.kept === 'incoming') await this.markSynced(userId, clientId, sent);
  },

  /** Makes `copy` the current one, setting the replaced copy aside instead of losing it. */
  async replaceWith(
    userId: string,
    clientId: string,
    copy: DraftCopy,
    syncedEditedAt: string | null,
  ): Promise<LocalDraft> {
    const previous = await this.get(userId, clientId);
    const versions =
      previous?.versions.filter((version) => version.editedAt !== copy.editedAt) ?? [];
    if (previous && previous.editedAt !== copy.editedAt) {
      versions.unshift({
        title: previous.title,
        data: previous.data,
        editedAt: previous.editedAt,
        source: 'local',
      });
    }
    const next: LocalDraft = {
      clientId,
      title: copy.title,
      data: copy.data,
      editedAt: copy.editedAt,
      syncedEditedAt,
      versions: versions.slice(0, MAX_LOCAL_VERSIONS),
    };
    await this.put(userId, next);
    return next;
  },

  async remove(clientId: string): Promise<void> {
    await (await db()).delete('drafts', clientId);
  },
};
