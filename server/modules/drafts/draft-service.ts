import type {
  Draft,
  DraftData,
  DraftList,
  DraftVersion,
  SaveDraftBody,
  SaveDraftResult,
} from '../../../contract/draft.ts';
import { errorText } from '../../../contract/messages.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { toApiId } from '../../lib/ids.ts';
import type { Viewer } from '../users/viewer.ts';
import type { DraftRepository, DraftRow, DraftVersionRow } from './draft-repository.ts';

const EMPTY_DATA: DraftData = { content: '', categoryId: null, tags: [], images: [], price: 0 };

function parseData(text: string): DraftData {
  try {
    return { ...EMPTY_DATA, ...(JSON.parse(text) as Partial<DraftData>) };
  } catch {
    return EMPTY_DATA;
  }
}

const iso = (millis: number) => new Date(millis).toISOString();

function presentVersion(row: DraftVersionRow): DraftVersion {
  return {
    _id: toApiId(row.id),
    id: toApiId(row.id),
    title: row.title,
    data: parseData(row.data),
    editedAt: iso(row.edited_at),
    createdAt: iso(row.created_at),
  };
}

function presentDraft(row: DraftRow, versions?: DraftVersionRow[]): Draft {
  return {
    _id: toApiId(row.id),
    id: toApiId(row.id),
    clientId: row.client_id,
    title: row.title,
    data: parseData(row.data),
    editedAt: iso(row.edited_at),
    updatedAt: iso(row.updated_at),
    ...(versions ? { versions: versions.map(presentVersion) } : {}),
  };
}

/** An ISO time (or epoch ms as text) the browser sent, within sane bounds. */
function parseTime(text: string): number {
  const millis = /^\d{10,15}$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(millis) || millis < 0 || millis > Date.now() + 86_400_000) {
    throw badRequest(errorText.draftEditedAtInvalid);
  }
  return millis;
}

export function createDraftService(deps: {
  drafts: DraftRepository;
  /** Where a writer's list of drafts is read: off the thread that answers requests if it can. */
  lists: Pick<DraftRepository, 'listOwn'>;
}) {
  const { drafts, lists } = deps;

  async function own(viewer: Viewer, id: number): Promise<DraftRow> {
    const row = await drafts.findOwn(viewer.id, id);
    if (!row) throw notFound(errorText.draftNotFound);
    return row;
  }

  return {
    /**
     * Saves the caller's draft with this clientId. Two devices editing one draft: the copy
     * edited last stays current and the other becomes a version, so neither is lost.
     */
    async save(viewer: Viewer, body: SaveDraftBody): Promise<SaveDraftResult> {
      const editedAt = parseTime(body.editedAt);
      // undefined: the client does not track its base; null: it started without a server copy.
      const base =
        body.baseEditedAt === undefined
          ? undefined
          : body.baseEditedAt === null
            ? null
            : parseTime(body.baseEditedAt);
      const incoming = { title: body.title, data: JSON.stringify(body.data), edited_at: editedAt };
      const now = Date.now();
      const server = await drafts.findByClientId(viewer.id, body.clientId);
      if (!server) {
        const row = await drafts.insert({
          user_id: viewer.id,
          client_id: body.clientId,
          ...incoming,
          created_at: now,
          updated_at: now,
        });
        return { draft: presentDraft(row, []), conflict: false, kept: 'incoming' };
      }

      const sameText = server.title === incoming.title && server.data === incoming.data;
      // Edited elsewhere since this copy last synced: the server copy is not its ancestor.
      const diverged = base === undefined ? server.edited_at > editedAt : base !== server.edited_at;
      const conflict = !sameText && diverged;
      const incomingWins = !conflict || editedAt > server.edited_at;

      let row = server;
      if (conflict) {
        const loser = incomingWins ? server : incoming;
        await drafts.addVersion({
          draft_id: server.id,
          title: loser.title,
          data: loser.data,
          edited_at: loser.edited_at,
          created_at: now,
        });
      }
      if (incomingWins && !(sameText && editedAt <= server.edited_at)) {
        row = await drafts.update(server.id, { ...incoming, updated_at: now });
      }
      return {
        draft: presentDraft(row, await drafts.versionsOf(server.id)),
        conflict,
        kept: incomingWins ? 'incoming' : 'server',
      };
    },

    async list(viewer: Viewer): Promise<DraftList> {
      return { drafts: (await lists.listOwn(viewer.id)).map((row) => presentDraft(row)) };
    },

    async get(viewer: Viewer, id: number): Promise<Draft> {
      const row = await own(viewer, id);
      return presentDraft(row, await drafts.versionsOf(row.id));
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      await drafts.delete((await own(viewer, id)).id);
    },
  };
}
