import { useEffect, useState } from 'react';
import { getDrafts } from '../api/get-drafts';
import type { LocalDraft } from '../../../../shared/offline/draft-copy';
import { localDrafts } from '../../../../shared/offline/local-drafts';

/**
 * The draft to open in the editor: the browser's copy, else the server's (which then becomes
 * the browser's copy), else none (a new draft).
 */
async function loadDraft(
  userId: string,
  clientId: string,
  localOnly: boolean,
): Promise<LocalDraft | null> {
  const local = await localDrafts.get(userId, clientId);
  if (local || localOnly || !navigator.onLine) return local;
  try {
    const { drafts } = await getDrafts();
    const server = drafts.find((draft) => draft.clientId === clientId);
    if (!server) return null;
    return await localDrafts.replaceWith(
      userId,
      clientId,
      { ...server, source: 'server' },
      server.editedAt,
    );
  } catch {
    // Offline or failing server: an empty editor, the browser keeps whatever is typed.
    return null;
  }
}

/**
 * Reads the draft afresh on every visit (never from a cache: the editor takes its starting
 * state once, and a stale copy would overwrite newer typing). `localOnly` is for unsaved
 * edits of a published note, which only the browser keeps.
 */
export function useDraftForEditing(
  userId: string | undefined,
  clientId: string | null,
  localOnly = false,
) {
  const key = userId && clientId ? `${userId}:${clientId}:${localOnly}` : null;
  const [loaded, setLoaded] = useState<{ key: string; draft: LocalDraft | null } | null>(null);

  useEffect(() => {
    if (!userId || !clientId) return;
    let current = true;
    void loadDraft(userId, clientId, localOnly).then((draft) => {
      if (current) setLoaded({ key: `${userId}:${clientId}:${localOnly}`, draft });
    });
    return () => {
      current = false;
    };
  }, [userId, clientId, localOnly]);

  const ready = key !== null && loaded?.key === key;
  return { draft: ready ? loaded.draft : null, isLoading: !ready };
}
