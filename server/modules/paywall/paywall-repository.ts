import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface UploadOwnerPost {
  post_id: number;
  author_id: number;
  price_cents: number;
  /** JSON array of {url, width, height}. */
  images: string;
}

export function createPaywallRepository(db: Kysely<Database>) {
  return {
    /** Which of these notes the user bought: one lookup on the purchases primary key. */
    async purchasedAmong(userId: number, postIds: number[]): Promise<Set<number>> {
      if (postIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('purchases')
        .select('post_id')
        .where('user_id', '=', userId)
        .where('post_id', 'in', postIds)
        .execute();
      return new Set(rows.map((row) => row.post_id));
    },

    /** The note an uploaded image belongs to, if any. */
    uploadPost(name: string): Promise<UploadOwnerPost | undefined> {
      return db
        .selectFrom('uploads')
        .innerJoin('posts', 'posts.id', 'uploads.post_id')
        .select(['posts.id as post_id', 'posts.author_id', 'posts.price_cents', 'posts.images'])
        .where('uploads.name', '=', name)
        .executeTakeFirst();
    },
  };
}

export type PaywallRepository = ReturnType<typeof createPaywallRepository>;
