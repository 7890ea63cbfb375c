import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createUserSearchRepository } from '../search/user-search-repository.ts';
import type { UserRow } from '../users/user-repository.ts';

type CountRow = { id: number | string | null; total: number | string };
const countsById = (rows: CountRow[]) =>
  new Map(rows.map((row) => [Number(row.id), Number(row.total)]));

/** The admin's view of people: finding them, their counts, and setting a mute or a ban. */
export function createPeopleRepository(db: Kysely<Database>) {
  const search = createUserSearchRepository(db);

  return {
    /** Newest accounts first, through the primary key. */
    async newest(limit: number, offset: number): Promise<UserRow[]> {
      return db
        .selectFrom('users')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countAll(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /**
     * Users whose name matches (the name search's prefix range, then its LIKE) and the one whose
     * e-mail is exactly the text (the unique e-mail index), at most `limit` of them.
     */
    async find(text: string, limit: number): Promise<UserRow[]> {
      const [byEmail, byName] = await Promise.all([
        text.includes('@')
          ? db.selectFrom('users').selectAll().where('email', '=', text.toLowerCase()).execute()
          : Promise.resolve([]),
        search.byName(text, limit),
      ]);
      const seen = new Set(byEmail.map((row) => row.id));
      return [...byEmail, ...byName.filter((row) => !seen.has(row.id))].slice(0, limit);
    },

    async findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Notes per author (the posts_author index) and open or resolved reports per person. */
    async counts(ids: number[]) {
      if (ids.length === 0)
        return { notes: new Map<number, number>(), reports: new Map<number, number>() };
      const [notes, reports] = await Promise.all([
        db
          .selectFrom('posts')
          .select((eb) => ['author_id as id', eb.fn.countAll<number | string>().as('total')])
          .where('author_id', 'in', ids)
          .groupBy('author_id')
          .execute(),
        db
          .selectFrom('reports')
          .select((eb) => ['target_author_id as id', eb.fn.countAll<number | string>().as('total')])
          .where('target_author_id', 'in', ids)
          .groupBy('target_author_id')
          .execute(),
      ]);
      return { notes: countsById(notes), reports: countsById(reports) };
    },

    async mute(id: number, until: number, reason: string) {
      await db
        .updateTable('users')
        .set({ muted_until: until, mute_reason: reason, updated_at: Date.now() })
        .where('id', '=', id)
        .execute();
    },

    async ban(id: number, reason: string, now = Date.now()) {
      await db
        .updateTable('users')
        .set({ banned_at: now, ban_reason: reason, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async lift(id: number) {
      await db
        .updateTable('users')
        .set({
          muted_until: null,
          mute_reason: null,
          banned_at: null,
          ban_reason: null,
          updated_at: Date.now(),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}
