import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** `text` as a LIKE pattern that matches it literally anywhere (our names contain `_`). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Whether an image is still shown by a note or kept in a draft. A note may only use its own
 * author's uploads (upload-service resolveImages), so only the owner's notes and drafts are
 * read: one author's rows by the posts_author and drafts_user_updated indexes, never the table.
 * Returns the id of a note that uses it, 'draft', or null.
 */
export async function imageUse(
  db: Kysely<Database>,
  ownerId: number,
  name: string,
): Promise<number | 'draft' | null> {
  // The stored name and the closing quote of its URL: whatever form the URL was saved in.
  const pattern = containing(`${name}"`);
  const post = await db
    .selectFrom('posts')
    .select('id')
    .where('author_id', '=', ownerId)
    .where(sql<boolean>`images LIKE ${pattern} ESCAPE '\\'`)
    .limit(1)
    .executeTakeFirst();
  if (post) return post.id;
  const draft = await db
    .selectFrom('drafts')
    .select('id')
    .where('user_id', '=', ownerId)
    .where(sql<boolean>`data LIKE ${pattern} ESCAPE '\\'`)
    .limit(1)
    .executeTakeFirst();
  return draft ? 'draft' : null;
}
