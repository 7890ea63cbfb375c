import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UserRow } from '../users/user-repository.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Users by name: names starting with the text come first and are found through the unique
 * username index (a range); names merely containing it fill the rest of the page.
 */
export function createUserSearchRepository(db: Kysely<Database>) {
  /** Names starting with `text`, in name order: a range of the unique username index. */
  async function byPrefix(
    text: string,
    limit: number,
    options: { withBanned: boolean } = { withBanned: true },
  ): Promise<UserRow[]> {
    let query = db
      .selectFrom('users')
      .selectAll()
      .where('username', '>=', text)
      .where('username', '<', `${text}\uffff`);
    if (!options.withBanned) query = query.where('banned_at', 'is', null);
    const rows = await query.orderBy('username').limit(limit).execute();
    return rows.filter((row) => row.username.startsWith(text));
  }

  return {
    byPrefix,

    async byName(text: string, limit: number): Promise<UserRow[]> {
      const starting = await byPrefix(text, limit);
      if (starting.length >= limit) return starting;
      const containing = await db
        .selectFrom('users')
        .selectAll()
        // SQLite's LIKE has no escape character unless told; PostgreSQL's is the same one.
        .where(
          sql<boolean>`lower(username) LIKE ${`%${escapeLike(text.toLowerCase())}%`} ESCAPE '\\'`,
        )
        .orderBy('id')
        .limit(limit + starting.length)
        .execute();
      const seen = new Set(starting.map((row) => row.id));
      return [...starting, ...containing.filter((row) => !seen.has(row.id))].slice(0, limit);
    },
  };
}

export type UserSearchRepository = ReturnType<typeof createUserSearchRepository>;
