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
