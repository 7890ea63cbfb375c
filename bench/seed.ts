import path from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { excerptOf } from '../server/modules/posts/excerpt.ts';
import { indexText } from '../server/modules/search/segmenter.ts';
import { createLocalStorage } from '../server/modules/storage/storage.ts';
import { probeImage } from '../server/modules/uploads/image-probe.ts';
import { demoImage } from '../server/seed/demo-images.ts';
import type { Aspect } from '../server/seed/demo-images.ts';
import { createRandom, generateNote, TOPIC_NAMES } from './chinese-text.ts';
import type { Random } from './chinese-text.ts';
import { rankScoreSql, WEEK_MS } from '../server/modules/posts/feed-rank.ts';

export interface SeedSize {
  users: number;
  posts: number;
  likes: number;
}

interface PlannedPost {
  status: 'approved' | 'pending' | 'rejected';
  likes: number;
}

/**
 * Each note's status and like count: published notes get a long tail of likes (a few have
 * hundreds, most a handful), scaled so the total is exactly `size.likes`.
 */
function likePlan(size: SeedSize, random: Random): PlannedPost[] {
  const plan = Array.from({ length: size.posts }, (): PlannedPost & { weight: number } => {
    const roll = random.next();
    const status =
      roll < PUBLISHED_SHARE ? 'approved' : roll < PUBLISHED_SHARE + 0.02 ? 'pending' : 'rejected';
    return { status, likes: 0, weight: status === 'approved' ? -Math.log(1 - random.next()) : 0 };
  });
  const totalWeight = plan.reduce((sum, post) => sum + post.weight, 0);
  let given = 0;
  for (const post of plan) {
    post.likes = Math.min(size.users, Math.floor((post.weight / totalWeight) * size.likes));
    given += post.likes;
  }
  for (let index = 0; given < size.likes; index = (index + 1) % plan.length) {
    const post = plan[index];
    if (post.status === 'approved' && post.likes < size.users) {
      post.likes += 1;
      given += 1;
    }
  }
  return plan;
}

export interface SeedResult {
  seconds: number;
  postIds: { first: number; last: number };
  likes: number;
}

const DAY_MS = 86_400_000;
const BATCH = 5000;
/** Share of notes published; the rest wait for review or were rejected. */
const PUBLISHED_SHARE = 0.97;
const ASPECTS: Aspect[] = ['3:4', '1:1', '4:3', '9:16', '16:9', '3:4'];
/** Steps coprime to any user count we use, so `start + j * step` never repeats a user. */
const STEPS = [7919, 7927, 7933, 7937, 7949, 7951];

/**
 * A fresh SQLite database of the real schema, filled in large transactions with prepared
 * statements: users, a few real pictures, notes (indexed for search) and likes that
 * follow a long tail (a few notes have hundreds, most have a handful).
 */
export async function seedBenchDatabase(dataDir: string, size: SeedSize): Promise<SeedResult> {
  const started = performance.now();
  const handle = openDatabase({ databaseUrl: null, dataDir });
  await migrateToLatest(handle);
  await handle.close();

  const storage = createLocalStorage(path.join(dataDir, 'uploads'));
  const pictures = await Promise.all(
    ASPECTS.map(async (aspect, index) => {
      const data = await demoImage(TOPIC_NAMES[index % TOPIC_NAMES.length], aspect, index + 1);
      const probed = await probeImage(data);
      const name = `bench${index}.jpg`;
      await storage.put(name, data);
      return { name, bytes: data.length, width: probed!.width, height: probed!.height };
    }),
  );

  const db = new SQLite(path.join(dataDir, 'site.db'));
  db.pragma('journal_mode = WAL');
  // Nothing to lose if the seeding machine crashes: the benchmark starts over.
  db.pragma('synchronous = OFF');
  const now = Date.now();

  db.transaction(() => {
    const addUser = db.prepare(
      `INSERT INTO users (username, email, bio, is_admin, atmosphere_value, settings, created_at, updated_at)
       VALUES (?, ?, '', 0, 0, '{}', ?, ?)`,
    );
    for (let index = 1; index <= size.users; index += 1) {
      addUser.run(`读者_${index}`, `reader${index}@bench.example`, now, now);
    }
    const addUpload = db.prepare(
      `INSERT INTO uploads (name, owner_id, post_id, mime, width, height, bytes, created_at)
       VALUES (?, NULL, NULL, 'image/jpeg', ?, ?, ?, ?)`,
    );
    for (const picture of pictures) {
      addUpload.run(picture.name, picture.width, picture.height, picture.bytes, now);
    }
  })();

  const random = createRandom(20260101);
  const categories = new Map(
    (db.prepare('SELECT id, slug FROM categories').all() as { id: number; slug: string }[]).map(
      (row) => [row.slug, row.id],
    ),
  );
  const slugOf = { ai: 'ai', coding: 'coding', design: 'design', life: 'life', photo: 'photo' };
  // Statuses and like counts first, so that the likes add up to exactly `size.likes`.
  const plan = likePlan(size, random);

  const addPost = db.prepare(
    `INSERT INTO posts (author_id, title, content, excerpt, category_id, tags, images, cover_url,
       cover_width, cover_height, status, reject_reason, price_cents, likes_count, favorites_count,
       comments_count, created_at, updated_at, published_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, 0, ?, 0, 0, ?, ?, ?)`,
  );
  const addIndex = db.prepare('INSERT INTO post_fts (rowid, words, chars) VALUES (?, ?, ?)');
  const addLike = db.prepare('INSERT INTO likes (user_id, post_id, created_at) VALUES (?, ?, ?)');

  let likes = 0;
  let first = 0;
  let last = 0;
  for (let done = 0; done < size.posts; done += BATCH) {
    db.transaction(() => {
      for (let index = done; index < Math.min(size.posts, done + BATCH); index += 1) {
        const note = generateNote(random);
        const picture = pictures[index % pictures.length];
        const image = {
          url: `/api/uploads/${picture.name}`,
          width: picture.width,
          height: picture.height,
        };
        // Spread over a year, oldest first, so ids grow with time as on a live site.
        const publishedAt = now - Math.floor(((size.posts - index) / size.posts) * 365 * DAY_MS);
        const { status, likes: count } = plan[index];
        const { lastInsertRowid } = addPost.run(
          1 + random.int(size.users),
          note.title,
          note.content,
          excerptOf(note.content),
          categories.get(slugOf[note.topic]),
          JSON.stringify(note.tags),
          JSON.stringify([image]),
          image.url,
          image.width,
          image.height,
          status,
          count,
          publishedAt - 60_000,
          publishedAt,
          status === 'approved' ? publishedAt : null,
        );
        const postId = Number(lastInsertRowid);
        first ||= postId;
        last = postId;
        if (status === 'approved') {
          const text = indexText(note);
          addIndex.run(postId, text.words, text.chars);
        }
        const start = random.int(size.users);
        const step = STEPS[postId % STEPS.length];
        for (let j = 0; j < count; j += 1) {
          addLike.run(1 + ((start + j * step) % size.users), postId, publishedAt + j * 1000);
        }
        likes += count;
      }
    })();
  }
  // The feeds' order keys, as the reaction events keep them on a live site (feed-rank.ts).
  db.exec(`UPDATE posts SET rank_score = ${rankScoreSql('sqlite')} WHERE published_at IS NOT NULL`);
  db.prepare(
    `UPDATE posts SET week_likes = likes_count WHERE status = 'approved' AND published_at >= ?`,
  ).run(now - WEEK_MS);
  // Merge the index's segments as a site's index is after FTS5's automatic merges have run.
  db.exec("INSERT INTO post_fts (post_fts) VALUES ('optimize')");
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { seconds: (performance.now() - started) / 1000, postIds: { first, last }, likes };
}
