import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, DraftsTable, DraftVersionsTable } from '../../db/schema.ts';

export type DraftRow = Selectable<DraftsTable>;
export type DraftVersionRow = Selectable<DraftVersionsTable>;

/** A user's draft list is short; past this the oldest are not listed. */
export const DRAFT_LIST_MAX = 100;
/** Conflict copies kept per draft, newest edits first. */
export const DRAFT_VERSIONS_MAX = 20;

export function createDraftRepository(db: Kysely<Database>) {
  return {
    findOwn(userId: number, id: number): Promise<DraftRow | undefined> {
      return db
        .selectFrom('drafts')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    findByClientId(userId: number, clientId: string): Promise<DraftRow | undefined> {
      return db
        .selectFrom('drafts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
    },

    insert(values: Insertable<DraftsTable>): Promise<DraftRow> {
      return db.insertInto('drafts').values(values).returningAll().executeTakeFirstOrThrow();
    },

    update(
      id: number,
      changes: Pick<DraftRow, 'title' | 'data' | 'edited_at' | 'updated_at'>,
    ): Promise<DraftRow> {
      return db
        .updateTable('drafts')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    listOwn(userId: number): Promise<DraftRow[]> {
      return db
        .selectFrom('drafts')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .limit(DRAFT_LIST_MAX)
        .execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('drafts').where('id', '=', id).execute();
    },

    /** Keeps a losing copy; the oldest copies beyond DRAFT_VERSIONS_MAX are let go. */
    async addVersion(values: Insertable<DraftVersionsTable>): Promise<void> {
      await db.insertInto('draft_versions').values(values).execute();
      const keep = await db
        .selectFrom('draft_versions')
        .select('id')
        .where('draft_id', '=', values.draft_id)
        .orderBy('edited_at', 'desc')
        .limit(DRAFT_VERSIONS_MAX)
        .execute();
      await db
        .deleteFrom('draft_versions')
        .where('draft_id', '=', values.draft_id)
        .where(
          'id',
          'not in',
          keep.map((row) => row.id),
        )
        .execute();
    },

    versionsOf(draftId: number): Promise<DraftVersionRow[]> {
      return db
        .selectFrom('draft_versions')
        .selectAll()
        .where('draft_id', '=', draftId)
        .orderBy('edited_at', 'desc')
        .execute();
    },
  };
}

export type DraftRepository = ReturnType<typeof createDraftRepository>;
