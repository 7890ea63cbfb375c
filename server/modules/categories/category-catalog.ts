import type { Kysely, Selectable } from 'kysely';
import type { Category } from '../../../contract/category.ts';
import type { CategoriesTable, Database } from '../../db/schema.ts';
import { toApiId } from '../../lib/ids.ts';

export type CategoryRow = Selectable<CategoriesTable>;

export const presentCategory = (row: CategoryRow): Category => ({
  _id: toApiId(row.id),
  id: toApiId(row.id),
  slug: row.slug,
  name: row.name,
});

/**
 * The handful of categories, read once per process: every card names its category, and the
 * list only changes with a migration.
 */
export function createCategoryCatalog(db: Kysely<Database>) {
  let loaded: Promise<CategoryRow[]> | null = null;
  const rows = () =>
    (loaded ??= db.selectFrom('categories').selectAll().orderBy('sort_order').execute());

  return {
    all: rows,

    async byId(id: number): Promise<CategoryRow | undefined> {
      return (await rows()).find((row) => row.id === id);
    },

    /** `category` of the feed query: a slug (`ai`), an id (`1`) or the name (`编程`). */
    async find(key: string): Promise<CategoryRow | undefined> {
      const lowered = key.trim().toLowerCase();
      return (await rows()).find(
        (row) => row.slug === lowered || toApiId(row.id) === lowered || row.name === key.trim(),
      );
    },
  };
}

export type CategoryCatalog = ReturnType<typeof createCategoryCatalog>;
