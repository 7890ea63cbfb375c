import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { PostStatus } from '../../../contract/post.ts';
import type { Database } from '../../db/schema.ts';

const ALL: PostStatus[] = ['pending', 'approved', 'rejected'];
const DAY_MS = 86_400_000;

/** Aggregates for the admin statistics page, each over an index of posts. */
export function createStatsRepository(db: Kysely<Database>) {
  return {
    countsByStatus(): Promise<{ status: PostStatus; n: number }[]> {
      return db
        .selectFrom('posts')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', 'in', ALL)
        .groupBy('status')
        .execute();
    },

    publishedByCategory(): Promise<{ category_id: number; n: number }[]> {
      return db
        .selectFrom('posts')
        .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', '=', 'approved')
        .groupBy('category_id')
        .execute();
    },

    /** Notes created per day since `since`, days counted from `offsetMs` past UTC midnight. */
    createdPerDay(since: number, offsetMs: number): Promise<{ day: number; n: number }[]> {
      // Integer division in both SQLite and PostgreSQL (bigint operands). Literals, not
      // parameters, so PostgreSQL sees the grouped expression and the selected one as the same.
      const day = sql<number>`(created_at + ${sql.lit(offsetMs)}) / ${sql.lit(DAY_MS)}`;
      return db
        .selectFrom('posts')
        .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', 'in', ALL)
        .where('created_at', '>=', since)
        .groupBy(day)
        .execute();
    },

    topAuthors(limit: number): Promise<{ author_id: number; posts: number; likes: number }[]> {
      return db
        .selectFrom('posts')
        .select([
          'author_id',
          (eb) => eb.fn.countAll<number>().as('posts'),
          (eb) => eb.fn.sum<number>('likes_count').as('likes'),
        ])
        .where('status', '=', 'approved')
        .groupBy('author_id')
        .orderBy('posts', 'desc')
        .orderBy('likes', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
