import type { FastifyInstance } from 'fastify';
import type { ImageRef } from '../../contract/post.ts';
import { createCommentRepository } from '../modules/comments/comment-repository.ts';
import { excerptOf } from '../modules/posts/excerpt.ts';
import { createPostRepository } from '../modules/posts/post-repository.ts';
import { createReactionRepository } from '../modules/posts/reaction-repository.ts';
import { hasChineseFont } from '../modules/covers/fonts.ts';
import { demoPicture } from './demo-covers.ts';
import { DEMO_NOTES } from './demo-notes.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The demo notes with real (generated) pictures stored like any upload, a few likes, saves and
 * comments, and one note waiting for review. `authorIds` follows DEMO_USERS. Each approval,
 * like, save and comment is told as the domain event a real one raises, so the demo accounts
 * start with their notifications and atmosphere value as if it had all happened on the site.
 */
export async function seedDemoNotes(
  app: FastifyInstance,
  authorIds: number[],
  adminId: number,
): Promise<void> {
  const { categories: catalog, uploads, noteWriter } = app.services;
  const posts = createPostRepository(app.db);
  const likes = createReactionRepository(app.db, 'likes');
  const favorites = createReactionRepository(app.db, 'favorites');
  const comments = createCommentRepository(app.db);
  const categories = await catalog.all();
  const categoryId = (slug: string) => categories.find((row) => row.slug === slug)?.id ?? 1;

  // sharp renders on its own threads: all pictures at once keep the first start short.
  const chineseFont = await hasChineseFont();
  if (!chineseFont) app.log.warn('no Chinese font (fonts-noto-cjk): demo covers stay abstract');
  const pictures: ImageRef[][] = await Promise.all(
    DEMO_NOTES.map((note, index) =>
      Promise.all(
        note.images.map(async (aspect, position) =>
          uploads.saveImage(
            authorIds[note.author],
            await demoPicture(note, aspect, position, index * 10 + position + 1, chineseFont),
          ),
        ),
      ),
    ),
  );

  const now = Date.now();
  // Oldest first, so ids grow with time as they would on a live site.
  const order = DEMO_NOTES.map((note, index) => ({ note, index })).sort(
    (a, b) => b.note.daysAgo - a.note.daysAgo,
  );
  for (const { note, index } of order) {
    const images = pictures[index];
    const publishedAt = now - note.daysAgo * DAY_MS - (index % 9) * HOUR_MS;
    const row = await posts.insert({
      author_id: authorIds[note.author],
      title: note.title,
      content: note.content,
      excerpt: excerptOf(note.content),
      category_id: categoryId(note.category),
      tags: JSON.stringify(note.tags),
      images: JSON.stringify(images),
      cover_url: images[0]?.url ?? null,
      cover_width: images[0]?.width ?? null,
      cover_height: images[0]?.height ?? null,
      status: note.pending ? 'pending' : 'approved',
      reject_reason: null,
      price_cents: 0,
      created_at: publishedAt - HOUR_MS,
      updated_at: publishedAt,
      published_at: note.pending ? null : publishedAt,
    });
    await uploads.attachToPost(
      images.map((image) => image.url),
      row.id,
    );
    const authorId = row.author_id;
    if (!note.pending) {
      await app.domainEvents.emit('post.reviewed', {
        postId: row.id,
        authorId,
        adminId,
        status: 'approved',
        reason: null,
      });
    }
    for (const reader of note.likedBy) {
      await likes.set(authorIds[reader], row.id, true, publishedAt);
      await app.domainEvents.emit('post.liked', {
        postId: row.id,
        authorId,
        userId: authorIds[reader],
      });
    }
    for (const reader of note.savedBy) {
      await favorites.set(authorIds[reader], row.id, true, publishedAt);
      await app.domainEvents.emit('post.favorited', {
        postId: row.id,
        authorId,
        userId: authorIds[reader],
      });
    }
    for (const [position, comment] of note.comments.entries()) {
      const at = publishedAt + (position + 1) * HOUR_MS;
      const top = await comments.add({
        post_id: row.id,
        author_id: authorIds[comment.by],
        parent_id: null,
        reply_to_user_id: null,
        content: comment.text,
        created_at: at,
        deleted_at: null,
      });
      await app.domainEvents.emit('comment.created', {
        commentId: top.id,
        postId: row.id,
        postAuthorId: authorId,
        userId: top.author_id,
        replyToUserId: null,
      });
      if (comment.reply) {
        const reply = await comments.add({
          post_id: row.id,
          author_id: authorIds[comment.reply.by],
          parent_id: top.id,
          reply_to_user_id: top.author_id,
          content: comment.reply.text,
          created_at: at + HOUR_MS / 2,
          deleted_at: null,
        });
        await app.domainEvents.emit('comment.created', {
          commentId: reply.id,
          postId: row.id,
          postAuthorId: authorId,
          userId: reply.author_id,
          replyToUserId: top.author_id,
        });
      }
    }
    const stored = await posts.findById(row.id);
    if (stored) await noteWriter.sync(stored);
  }
}
