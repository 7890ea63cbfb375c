import type { FastifyInstance } from 'fastify';

/**
 * Notes written straight into the database for the paywall and payment tests, so they do not
 * depend on the notes module's publishing rules.
 */
export async function insertPost(
  app: FastifyInstance,
  post: {
    authorId: string;
    priceYuan?: number;
    status?: 'pending' | 'approved' | 'rejected';
    content?: string;
    images?: string[];
    title?: string;
  },
): Promise<string> {
  const now = Date.now();
  const images = (post.images ?? []).map((url) => ({ url, width: 800, height: 600 }));
  const row = await app.db
    .insertInto('posts')
    .values({
      author_id: Number(post.authorId),
      title: post.title ?? '付费笔记',
      content: post.content ?? '正文',
      excerpt: '',
      category_id: 1,
      tags: '[]',
      images: JSON.stringify(images),
      cover_url: images[0]?.url ?? null,
      cover_width: null,
      cover_height: null,
      status: post.status ?? 'approved',
      reject_reason: null,
      price_cents: Math.round((post.priceYuan ?? 0) * 100),
      created_at: now,
      updated_at: now,
      published_at: post.status === 'approved' || !post.status ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Registers images as uploads of a note (what the uploads module does when a note is saved). */
export async function insertUploads(
  app: FastifyInstance,
  ownerId: string,
  postId: string | null,
  names: string[],
): Promise<void> {
  await app.db
    .insertInto('uploads')
    .values(
      names.map((name) => ({
        name,
        owner_id: Number(ownerId),
        post_id: postId === null ? null : Number(postId),
        mime: 'image/png',
        width: 800,
        height: 600,
        bytes: 1000,
        created_at: Date.now(),
      })),
    )
    .execute();
}

export async function setPremiumEnd(app: FastifyInstance, userId: string, endAt: number | null) {
  await app.db
    .updateTable('users')
    .set({ premium_end_at: endAt })
    .where('id', '=', Number(userId))
    .execute();
}

export async function premiumEndOf(app: FastifyInstance, userId: string): Promise<number | null> {
  const row = await app.db
    .selectFrom('users')
    .select('premium_end_at')
    .where('id', '=', Number(userId))
    .executeTakeFirstOrThrow();
  return row.premium_end_at;
}
