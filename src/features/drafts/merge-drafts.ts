import type { Draft } from '../../../contract/draft';
import { editedTime } from '../../../shared/offline/draft-copy';
import type { DraftCopy, LocalDraft } from '../../../shared/offline/draft-copy';

/** One entry of "我的草稿": the copy to resume, and every other copy that can be recovered. */
export interface MergedDraft {
  clientId: string;
  current: DraftCopy;
  alternatives: DraftCopy[];
  /** Id of the server copy, for deleting it. */
  serverId: string | null;
  /** The browser holds changes the server has not seen yet. */
  unsynced: boolean;
}

const localCopy = (draft: LocalDraft): DraftCopy => ({
  title: draft.title,
  data: draft.data,
  editedAt: draft.editedAt,
  source: 'local',
});
const serverCopy = (draft: Draft): DraftCopy => ({
  title: draft.title,
  data: draft.data,
  editedAt: draft.editedAt,
  source: 'server',
});

/**
 * Merges the browser's and the server's drafts by clientId. A copy edited since the two last
 * agreed is newer in its own right; when only one side changed it simply wins. When both
 * changed (two devices), the one edited later wins and the other stays as an alternative:
 * no copy is ever dropped silently.
 */
export function mergeDrafts(
  localDrafts: readonly LocalDraft[],
  serverDrafts: readonly Draft[],
): MergedDraft[] {
  const serverByClientId = new Map(serverDrafts.map((draft) => [draft.clientId, draft]));
  const merged: MergedDraft[] = [];

  for (const local of localDrafts) {
    const server = serverByClientId.get(local.clientId);
    serverByClientId.delete(local.clientId);
    const versions = local.versions;
    if (!server) {
      merged.push({
        clientId: local.clientId,
        current: localCopy(local),
        alternatives: versions,
        serverId: null,
        unsynced: true,
      });
      continue;
    }
    const localChanged = local.editedAt !== local.syncedEditedAt;
    const serverChanged = server.editedAt !== local.syncedEditedAt;
    const base = { clientId: local.clientId, serverId: server.id };
    if (!localChanged || local.editedAt === server.editedAt) {
      merged.push({
        ...base,
        current: serverCopy(server),
        alternatives: versions,
        unsynced: false,
      });
    } else if (!serverChanged) {
      merged.push({ ...base, current: localCopy(local), alternatives: versions, unsynced: true });
    } else {
      const [winner, loser] =
        editedTime(local) >= editedTime(server)
          ? [localCopy(local), serverCopy(server)]
          : [serverCopy(server), localCopy(local)];
      merged.push({
        ...base,
        current: winner,
        alternatives: [loser, ...versions],
        unsynced: winner.source === 'local',
      });
    }
  }

  for (const server of serverByClientId.values()) {
    merged.push({
      clientId: server.clientId,
      current: serverCopy(server),
      alternatives: [],
      serverId: server.id,
      unsynced: false,
    });
  }

  return merged.sort((a, b) => editedTime(b.current) - editedTime(a.current));
}
