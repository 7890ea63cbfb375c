import type { Kysely, Selectable } from 'kysely';
import type { Database, UploadsTable } from '../../db/schema.ts';

export type UploadRow = Selectable<UploadsTable>;

export function createUploadRepository(db: Kysely<Database>) {
  return {
    async insert(row: UploadRow): Promise<void> {
      await db.insertInto('uploads').values(row).execute();
    },

    find(name: string): Promise<UploadRow | undefined> {
      return db.selectFrom('uploads').selectAll().where('name', '=', name).executeTakeFirst();
    },

    findMany(names: string[]): Promise<UploadRow[]> {
      if (names.length === 0) return Promise.resolve([]);
      return db.selectFrom('uploads').selectAll().where('name', 'in', names).execute();
    },

    /** Links images to the note that shows them (for paid-image checks). */
    async attachToPost(names: string[], postId: number): Promise<void> {
      if (names.length === 0) return;
      await db.updateTable('uploads').set({ post_id: postId }).where('name', 'in', names).execute();
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
