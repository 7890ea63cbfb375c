import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Storage } from '../storage/storage.ts';
import { imageUse } from './image-usage.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An upload no note took within this long was abandoned (a draft keeps its images). */
export const UNATTACHED_GRACE_MS = DAY_MS;
const PAGE = 100;

/**
 * Deletes an upload that no note links, its row first (only while still unlinked, so a note
 * published meanwhile keeps it), then its file and variants.
 */
async function deleteUnlinked(
  db: Kysely<Database>,
  storage: Storage,
  name: string,
): Promise<boolean> {
  const removed = await db
    .deleteFrom('uploads')
    .where('name', '=', name)
    .where('post_id', 'is', null)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) !== 1) return false;
  await storage.delete(name);
  return true;
}

/**
 * What happens to one unlinked upload: deleted when nothing uses it; linked again when another
 * note of its owner still shows it (the link pointed at a note that was deleted); kept for a
 * draft. Returns whether it was deleted.
 */
export async function releaseUpload(
  db: Kysely<Database>,
  storage: Storage,
  upload: { name: string; owner_id: number | null },
): Promise<boolean> {
  // Uploads without an owner come from the demo seed; nothing tells who uses them.
  if (upload.owner_id === null) return false;
  const use = await imageUse(db, upload.owner_id, upload.name);
  if (use === null) return deleteUnlinked(db, storage, upload.name);
  if (use !== 'draft') {
    await db
      .updateTable('uploads')
      .set({ post_id: use })
      .where('name', '=', upload.name)
      .where('post_id', 'is', null)
      .execute();
  }
  return false;
}

/**
 * One clean-up run: uploads never linked to a note and older than a day, page by page in
 * (created_at, name) order by the uploads_unattached index. Returns how many were deleted.
 */
export async function sweepUnattachedUploads(
  db: Kysely<Database>,
  storage: Storage,
  now: number,
): Promise<number> {
  const cutoff = now - UNATTACHED_GRACE_MS;
  let deleted = 0;
  let after: { created_at: number; name: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom('uploads')
      .select(['name', 'owner_id', 'created_at'])
      .where('post_id', 'is', null)
      .where('created_at', '<', cutoff);
    if (after) {
      const { created_at, name } = after;
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '>', created_at),
          eb.and([eb('created_at', '=', created_at), eb('name', '>', name)]),
        ]),
      );
    }
    const page = await query.orderBy('created_at').orderBy('name').limit(PAGE).execute();
    for (const upload of page) {
      if (await releaseUpload(db, storage, upload)) deleted += 1;
    }
    if (page.length < PAGE) return deleted;
    const last = page[page.length - 1];
    after = { created_at: Number(last.created_at), name: last.name };
  }
}
