import type { Kysely } from 'kysely';
import { tagKey } from '../../../contract/tag-rules.ts';
import type { Database, PostsTable } from '../../db/schema.ts';
import { parseJsonArray } from '../posts/present-post.ts';

type TaggedRow = Pick<PostsTable, 'tags' | 'status'> & {
  id: number;
  published_at: number | null;
};

/**
 * Keeps `post_tags` equal to a note's tags while it is published, and empty otherwise, so a
 * tag page and the followed-tag feed read visible notes only, in their index order.
 */
export async function syncPostTags(db: Kysely<Database>, row: TaggedRow): Promise<void> {
  await db.deleteFrom('post_tags').where('post_id', '=', row.id).execute();
  if (row.status !== 'approved' || row.published_at === null) return;
  const keys = [...new Set(parseJsonArray<string>(row.tags).map(tagKey).filter(Boolean))];
  if (keys.length === 0) return;
  await db
    .insertInto('post_tags')
    .values(keys.map((tag) => ({ post_id: row.id, tag, published_at: row.published_at ?? 0 })))
    .execute();
}
