import { useCallback, useEffect, useRef, useState } from 'react';
import type { SaveDraftResult } from '../../../../contract/draft';
import { errorText } from '../../../../contract/page-messages';
import { notify } from '../../../lib/notify';
import {
  queueDraft,
  shouldQueueWrite,
  subscribeOutbox,
  withdrawDraft,
} from '../../../../shared/offline/outbox';
import { useSessionStore } from '../../../stores/session-store';
import { deleteDraft } from '../api/delete-draft';
import { getDrafts } from '../api/get-drafts';
import { saveDraft } from '../api/save-draft';
import { isBlankContent } from '../../../../shared/offline/draft-copy';
import type { EditorContent, LocalDraft } from '../../../../shared/offline/draft-copy';
import { localDrafts } from '../../../../shared/offline/local-drafts';
import { draftTexts } from '../texts';

/** Typing pauses this long before the browser copy is written. */
const LOCAL_DEBOUNCE_MS = 300;
/** …and this long before the server copy is. */
const SERVER_IDLE_MS = 3_000;

export type DraftSaveState = 'idle' | 'local' | 'queued' | 'server' | 'syncing' | 'failed';

/** How a server save went: sent, left to the outbox until the network returns, or refused. */
type SyncOutcome = 'sent' | 'queued' | 'failed';

export interface DraftAutosaveOptions {
  userId: string;
  clientId: string;
  /** The copy the editor opened with, if any. */
  initial: LocalDraft | null;
  /** Set for unsaved edits of a published note: kept in this browser only. */
  postId?: string;
}

/**
 * Keeps every change of the editor: in IndexedDB ~300 ms after each change (nothing typed is
 * lost on reload or crash) and, for new notes, on the server after a few seconds of quiet. A
 * save the network cannot carry goes to the outbox (one copy per draft), which sends it when
 * the network returns, even with the editor closed. A save that meets a copy edited on another
 * device keeps both (the server decides by edit time and stores the loser as a version).
 */
export function useDraftAutosave({ userId, clientId, initial, postId }: DraftAutosaveOptions) {
  const syncsToServer = postId === undefined;
  const draft = useRef<LocalDraft | null>(initial);
  const serverId = useRef<string | null>(null);
  const lastSent = useRef<string | null>(initial?.syncedEditedAt ?? null);
  const localTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const serverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const localWrite = useRef<Promise<void>>(Promise.resolve());
  const syncing = useRef<Promise<SyncOutcome> | null>(null);
  /** A copy of this draft was on its way from the outbox: its answer comes before ours. */
  const awaitingOutbox = useRef(false);
  const discarded = useRef(false);
  const [state, setState] = useState<DraftSaveState>(
    initial ? (initial.syncedEditedAt === initial.editedAt ? 'server' : 'local') : 'idle',
  );
  const [savedAt, setSavedAt] = useState<string | null>(initial?.editedAt ?? null);
  const [unsynced, setUnsynced] = useState(false);

  const writeLocal = useCallback(() => {
    clearTimeout(localTimer.current);
    const current = draft.current;
    if (!current || discarded.current) return localWrite.current;
    localWrite.current = localWrite.current
      .then(() => localDrafts.put(userId, current))
      .then(() => {
        if (discarded.current) return;
        setSavedAt(current.editedAt);
        setState((previous) => (previous === 'syncing' ? previous : 'local'));
      })
      .catch((error: unknown) => console.error('draft: local save failed', error));
    return localWrite.current;
  }, [userId]);

  /** The server holds the copy edited at `sent` now, sent from here or from the outbox. */
  const recordSaved = useCallback(
    async (sent: string, result: SaveDraftResult) => {
      serverId.current = result.draft.id;
      lastSent.current = sent;
      if (result.kept === 'incoming' && draft.current) {
        draft.current = { ...draft.current, syncedEditedAt: result.draft.editedAt };
      }
      await localDrafts.recordSaved(userId, clientId, sent, result);
      setState(draft.current?.editedAt === sent ? 'server' : 'local');
      setUnsynced(draft.current?.editedAt !== sent);
    },
    [clientId, userId],
  );

  const queue = useCallback(
    async (copy: LocalDraft): Promise<SyncOutcome> => {
      const { images, ...data } = copy.data;
      const { token } = useSessionStore.getState();
      try {
        await queueDraft({
          kind: 'draft',
          body: {
            clientId,
            title: copy.title,
            data,
            editedAt: copy.editedAt,
            baseEditedAt: copy.syncedEditedAt,
          },
          images: images.map((image) => ({ kind: 'uploaded', image })),
          ownerId: userId,
          authorization: token ? `Bearer ${token}` : null,
        });
      } catch (error) {
        console.error('draft: could not queue the server save', error);
        setState('failed');
        return 'failed';
      }
      setState('queued');
      return 'queued';
    },
    [clientId, userId],
  );

  const syncNow = useCallback(async (): Promise<SyncOutcome> => {
    clearTimeout(serverTimer.current);
    if (syncing.current) await syncing.current;
    const current = draft.current;
    if (!syncsToServer || !current || discarded.current) return 'failed';
    if (current.editedAt === lastSent.current) return 'sent';
    const run = (async (): Promise<SyncOutcome> => {
      if (!navigator.onLine) return queue(current);
      try {
        // This copy replaces any older one waiting in the outbox. One already on its way is
        // waited for: its answer is the base this copy must name, or the server sees a conflict.
        setState('syncing');
        if (await withdrawDraft(userId, clientId)) {
          awaitingOutbox.current = true;
          return 'queued';
        }
        const sent = current.editedAt;
        const result = await saveDraft({
          clientId,
          title: current.title,
          data: current.data,
          editedAt: sent,
          baseEditedAt: current.syncedEditedAt,
        });
        if (result.conflict) notify.info(draftTexts.conflictNotice);
        await recordSaved(sent, result);
        return 'sent';
      } catch (error) {
        if (shouldQueueWrite(error, navigator.onLine)) return queue(current);
        setState('failed');
        return 'failed';
      }
    })();
    syncing.current = run;
    try {
      return await run;
    } finally {
      syncing.current = null;
    }
  }, [clientId, queue, recordSaved, syncsToServer, userId]);

  /** Takes the editor's whole state after a change. */
  const update = useCallback(
    (content: EditorContent) => {
      if (discarded.current) return;
      const previous = draft.current;
      // An untouched new draft is not worth keeping.
      if (!previous && isBlankContent(content)) return;
      draft.current = {
        clientId,
        title: content.title,
        data: content.data,
        editedAt: new Date().toISOString(),
        syncedEditedAt: previous?.syncedEditedAt ?? null,
        versions: previous?.versions ?? [],
        ...(postId ? { postId } : {}),
      };
      setUnsynced(true);
      clearTimeout(localTimer.current);
      localTimer.current = setTimeout(() => void writeLocal(), LOCAL_DEBOUNCE_MS);
      if (syncsToServer) {
        clearTimeout(serverTimer.current);
        serverTimer.current = setTimeout(() => void syncNow(), SERVER_IDLE_MS);
      }
    },
    [clientId, postId, syncNow, syncsToServer, writeLocal],
  );

  /** The 保存草稿 button: both copies now, and say how it went. */
  const saveNow = useCallback(async () => {
    await writeLocal();
    if (!draft.current) return;
    const outcome = syncsToServer ? await syncNow() : 'queued';
    if (outcome === 'sent') notify.success(draftTexts.saved);
    else if (outcome === 'queued') notify.success(draftTexts.savedLocally);
    else notify.error(errorText.saveDraftFailed);
  }, [syncNow, syncsToServer, writeLocal]);

  /** After publishing: the draft has become a note, so both copies go. */
  const discard = useCallback(async () => {
    discarded.current = true;
    clearTimeout(localTimer.current);
    clearTimeout(serverTimer.current);
    await localWrite.current;
    await localDrafts.remove(clientId);
    if (!syncsToServer) return;
    try {
      await syncing.current;
      // A copy left in the outbox would bring the draft back after it became a note.
      await withdrawDraft(userId, clientId);
      let id = serverId.current;
      if (!id)
        id = (await getDrafts()).drafts.find((item) => item.clientId === clientId)?.id ?? null;
      if (id) await deleteDraft(id);
    } catch (error) {
      // The note is published; a leftover server draft is harmless and can be deleted later.
      console.error('draft: could not delete the server copy', error);
    }
  }, [clientId, syncsToServer, userId]);

  useEffect(() => {
    const onOnline = () => void syncNow();
    // The tab may be closed next: write what is pending while the page still runs.
    const onHide = () => {
      if (document.visibilityState !== 'hidden') return;
      void writeLocal();
      // Offline, the outbox gets the last copy while it can: it sends after the tab is gone.
      if (!navigator.onLine) void syncNow();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onHide);
      clearTimeout(serverTimer.current);
      if (localTimer.current !== undefined) void writeLocal();
      if (!navigator.onLine) void syncNow();
    };
  }, [syncNow, writeLocal]);

  useEffect(
    () =>
      subscribeOutbox((event) => {
        if (event.type === 'sent' && event.kind === 'draft' && event.clientId === clientId) {
          void recordSaved(event.editedAt, event.result);
        }
        if (!awaitingOutbox.current || discarded.current) return;
        // The outbox's copy went out or failed: this copy's turn.
        awaitingOutbox.current = false;
        void syncNow();
      }),
    [clientId, recordSaved, syncNow],
  );

  return {
    update,
    saveNow,
    discard,
    state,
    savedAt,
    /** Changes the server has not got yet (new notes) or any change at all (edits). */
    unsynced,
  };
}
