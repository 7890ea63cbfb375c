import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PageWindow } from '../../lib/pagination.ts';

export interface NewFeedback {
  userId: number | null;
  type: string;
  content: string;
  contactInfo: string | null;
  screenshots: string[];
}

export function createFeedbackRepository(db: Kysely<Database>) {
  return {
    async insert(feedback: NewFeedback, now = Date.now()): Promise<number> {
      const row = await db
        .insertInto('feedback')
        .values({
          user_id: feedback.userId,
          type: feedback.type,
          content: feedback.content,
          contact_info: feedback.contactInfo,
          screenshots: JSON.stringify(feedback.screenshots),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Newest first (index feedback_created). */
    list(window: PageWindow) {
      return db
        .selectFrom('feedback')
        .leftJoin('users', 'users.id', 'feedback.user_id')
        .select([
          'feedback.id',
          'feedback.user_id',
          'feedback.type',
          'feedback.content',
          'feedback.contact_info',
          'feedback.screenshots',
          'feedback.created_at',
          'users.username',
        ])
        .orderBy('feedback.created_at', 'desc')
        .orderBy('feedback.id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
export type FeedbackRow = Awaited<ReturnType<FeedbackRepository['list']>>[number];
