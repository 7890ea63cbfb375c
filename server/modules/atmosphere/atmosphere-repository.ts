import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export interface Award {
  userId: number;
  kind: string;
  /** What earned it; a (user, kind, ref) is awarded at most once, ever. */
  ref: string;
  points: number;
  dailyLimit: number;
  day: string;
  now: number;
}

export function createAtmosphereRepository(db: Kysely<Database>, dialect: DialectName) {
  return {
    /**
     * Records the award and adds its points in one transaction, unless today's ceiling for the
     * kind is reached or the same thing was awarded before. Returns the new value, or null.
     */
    award(award: Award): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        // One award per user at a time, so two racing events cannot both pass the ceiling.
        // (SQLite transactions are serialised already and know no FOR UPDATE.)
        await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', award.userId)
          .$if(dialect === 'postgres', (query) => query.forUpdate())
          .executeTakeFirst();
        const today = await trx
          .selectFrom('atmosphere_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', award.userId)
          .where('kind', '=', award.kind)
          .where('day', '=', award.day)
          .executeTakeFirstOrThrow();
        if (Number(today.n) >= award.dailyLimit) return null;
        const inserted = await trx
          .insertInto('atmosphere_events')
          .values({
            user_id: award.userId,
            kind: award.kind,
            ref: award.ref,
            points: award.points,
            day: award.day,
            created_at: award.now,
          })
          .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'ref']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
        const user = await trx
          .updateTable('users')
          .set((eb) => ({ atmosphere_value: eb('atmosphere_value', '+', award.points) }))
          .where('id', '=', award.userId)
          .returning('atmosphere_value')
          .executeTakeFirst();
        return user?.atmosphere_value ?? null;
      });
    },

    recent(userId: number, limit: number) {
      return db
        .selectFrom('atmosphere_events')
        .select(['kind', 'points', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Awards per kind on a day, answered by atmosphere_events_daily. */
    async countsOnDay(userId: number, day: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('atmosphere_events')
        .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .groupBy('kind')
        .execute();
      return new Map(rows.map((row) => [row.kind, Number(row.n)]));
    },

    async createdAt(userId: number): Promise<number | null> {
      const row = await db
        .selectFrom('users')
        .select('created_at')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.created_at ?? null;
    },

    async valueOf(userId: number): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select('atmosphere_value')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.atmosphere_value ?? 0;
    },
  };
}

export type AtmosphereRepository = ReturnType<typeof createAtmosphereRepository>;
