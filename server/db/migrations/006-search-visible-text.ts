import type { Kysely, Migration } from 'kysely';
import { createSearchIndex } from '../../modules/search/search-index.ts';
import { searchableText } from '../../modules/search/searchable-text.ts';
import type { DialectName } from '../database.ts';
import type { Database } from '../schema.ts';

const BATCH = 500;

/**
 * Paid notes were indexed with their paid part, which let anyone test whether a word is in a
 * text they did not buy. Index them again with only what a visitor may read.
 */
export function searchVisibleTextMigration(dialect: DialectName): Migration {
  return {
    async up(untyped: Kysely<unknown>) {
      const db = untyped as Kysely<Database>;
      const index = createSearchIndex(db, dialect);
      for (let after = 0; ;) {
        const rows = await db
          .selectFrom('posts')
          .select(['id', 'title', 'tags', 'content', 'price_cents'])
          .where('status', '=', 'approved')
          .where('price_cents', '>', 0)
          .where('id', '>', after)
          .orderBy('id')
          .limit(BATCH)
          .execute();
        for (const row of rows) await index.put(row.id, await searchableText(row));
        if (rows.length < BATCH) break;
        after = rows[rows.length - 1].id;
      }
    },
  };
}
