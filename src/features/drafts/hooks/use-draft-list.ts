import { useCallback } from 'react';
import useSWR from 'swr';
import { errorText } from '../../../../contract/page-messages';
import { notify } from '../../../lib/notify';
import { deleteDraft } from '../api/delete-draft';
import { getDrafts } from '../api/get-drafts';
import type { DraftCopy } from '../../../../shared/offline/draft-copy';
import { localDrafts } from '../../../../shared/offline/local-drafts';
import { mergeDrafts } from '../merge-drafts';
import type { MergedDraft } from '../merge-drafts';

async function loadDrafts(userId: string) {
  const local = (await localDrafts.list(userId)).filter((draft) => !draft.postId);
  try {
    const { drafts } = await getDrafts();
    return { drafts: mergeDrafts(local, drafts), serverFailed: false };
  } catch {
    // The browser's copies are still worth showing when the server cannot be reached.
    return { drafts: mergeDrafts(local, []), serverFailed: true };
  }
}

/** "我的草稿": the browser's and the server's drafts, merged by clientId. */
export function useDraftList(userId: string | undefined) {
  const { data, error, isLoading, mutate } = useSWR(
    userId ? ['drafts', userId] : null,
    ([, id]) => loadDrafts(id),
    { revalidateOnFocus: false },
  );

  /** Makes `copy` the browser's current copy, so the editor opens it. */
  const prepareResume = useCallback(
    async (entry: MergedDraft, copy: DraftCopy) => {
      if (!userId) return;
      const local = await localDrafts.get(userId, entry.clientId);
      if (local && copy.source === 'local' && copy.editedAt === local.editedAt) return;
      // A server copy is in step with the server; any other copy starts from what the
      // browser last agreed with it, so the next save is measured against the right base.
      const syncedEditedAt =
        copy.source === 'server' && entry.serverId
          ? copy.editedAt
          : (local?.syncedEditedAt ?? null);
      await localDrafts.replaceWith(userId, entry.clientId, copy, syncedEditedAt);
    },
    [userId],
  );

  const remove = useCallback(
    async (entry: MergedDraft) => {
      try {
        if (entry.serverId) await deleteDraft(entry.serverId);
        await localDrafts.remove(entry.clientId);
        await mutate();
        return true;
      } catch (failure) {
        notify.failure(failure, errorText.deleteDraftFailed);
        return false;
      }
    },
    [mutate],
  );

  return {
    drafts: data?.drafts ?? [],
    serverFailed: data?.serverFailed ?? false,
    isLoading,
    error,
    retry: () => void mutate(),
    prepareResume,
    remove,
  };
}
