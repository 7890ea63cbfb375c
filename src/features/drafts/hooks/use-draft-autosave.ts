import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../../../contract/messages';
import { notify } from '../../../lib/notify';
import { deleteDraft } from '../api/delete-draft';
import { getDrafts } from '../api/get-drafts';
import { saveDraft } from '../api/save-draft';
import { isBlankContent } from '../draft-copy';
import type { EditorContent, LocalDraft } from '../draft-copy';
import { localDrafts } from '../local-drafts';
import { draftTexts } from '../texts';

/** Typing pauses this long before the browser copy is written. */
const LOCAL_DEBOUNCE_MS = 300;
/** …and this long before the server copy is. */
const SERVER_IDLE_MS = 3_000;

export type DraftSaveState = 'idle' | 'local' | 'server' | 'syncing' | 'failed';

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
 * lost on reload or crash) and, for new notes, on the server after a few seconds of quiet when
 * online. A save that meets a copy edited on another device keeps both (the server decides by
 * edit time and stores the loser as a version).
 */
export function useDraftAutosave({ userId, clientId, initial, postId }: DraftAutosaveOptions) {
  const syncsToServer = postId === undefined;
  const draft = useRef<LocalDraft | null>(initial);
  const serverId = useRef<string | null>(null);
  const lastSent = useRef<string | null>(initial?.syncedEditedAt ?? null);
  const localTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const serverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const localWrite = useRef<Promise<void>>(Promise.resolve());
  const syncing = useRef<Promise<boolean> | null>(null);
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

  const syncNow = useCallback(async (): Promise<boolean> => {
    clearTimeout(serverTimer.current);
    const current = draft.current;
    if (!syncsToServer || !current || discarded.current) return false;
    if (current.editedAt === lastSent.current) return true;
    if (!navigator.onLine) return false;
    if (syncing.current) await syncing.current;
    const run = (async () => {
      setState('syncing');
      try {
        const sent = current.editedAt;
        const result = await saveDraft({
          clientId,
          title: current.title,
          data: current.data,
          editedAt: sent,
          baseEditedAt: current.syncedEditedAt,
        });
        serverId.current = result.draft.id;
        lastSent.current = sent;
        if (result.conflict) notify.info(draftTexts.conflictNotice);
        if (result.kept === 'incoming') {
          const base = result.draft.editedAt;
          if (draft.current) draft.current = { ...draft.current, syncedEditedAt: base };
          await localDrafts.markSynced(userId, clientId, sent);
        }
        setState(draft.current?.editedAt === sent ? 'server' : 'local');
        setUnsynced(draft.current?.editedAt !== sent);
        return true;
      } catch {
        setState('failed');
        return false;
      }
    })();
    syncing.current = run;
    try {
      return await run;
    } finally {
      syncing.current = null;
    }
  }, [clientId, syncsToServer, userId]);

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
    if (!syncsToServer || !navigator.onLine) {
      notify.success(draftTexts.savedLocally);
      return;
    }
    if (await syncNow()) notify.success(draftTexts.saved);
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
      let id = serverId.current;
      if (!id)
        id = (await getDrafts()).drafts.find((item) => item.clientId === clientId)?.id ?? null;
      if (id) await deleteDraft(id);
    } catch (error) {
      // The note is published; a leftover server draft is harmless and can be deleted later.
      console.error('draft: could not delete the server copy', error);
    }
  }, [clientId, syncsToServer]);

  useEffect(() => {
    const onOnline = () => void syncNow();
    // The tab may be closed next: write what is pending while the page still runs.
    const onHide = () => {
      if (document.visibilityState === 'hidden') void writeLocal();
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
    };
  }, [syncNow, writeLocal]);

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
