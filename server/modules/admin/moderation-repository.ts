import type { Insertable, Kysely } from 'kysely';
import type { Database, ModerationEventsTable } from '../../db/schema.ts';

export function createModerationRepository(db: Kysely<Database>) {
  return {
    async record(event: Insertable<ModerationEventsTable>): Promise<void> {
      await db.insertInto('moderation_events').values(event).execute();
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
