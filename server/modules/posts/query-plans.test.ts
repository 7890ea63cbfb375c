import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post, PostList } from '../../../contract/post.ts';
import { makeAdmin, registerUser } from '../../../tests/helpers/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { expireWeekLikes, weekSweepQuery } from './feed-rank.ts';
import { marksQuery } from './reader-marks.ts';
import { purchasesQuery } from '../paywall/purchases.ts';
import { WORD_POSTINGS_SQL } from '../../db/word-postings.js';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { POSTGRES_POSTINGS_SQL } from '../search/postgres-postings.ts';
import { SEARCH_CHANGES_SQL } from '../search/search-changes.ts';
import { termTsquery } from '../search/search-index.ts';
import { createPostgresDatabase } from '../../../tests/helpers/test-app.ts';
import { publishedPost, uploadImage } from '../../../tests/helpers/notes-test-kit.ts';

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

/** Tables that grow with the site: a page may never read one of them from end to end. */
const BIG_TABLES = [
  'posts',
  'likes',
  'favorites',
  'comments',
  'reports',
  'post_tags',
  'tag_follows',
];

/** A plan line that reads a whole big table: `SCAN posts` (an index scan names its index). */
function fullScans(plan: string[]): string[] {
  return plan.filter((line) => {
    const match = /^SCAN (\w+)(.*)$/.exec(line);
    return (
      match !== null && BIG_TABLES.includes(match[1]) && !/USING (COVERING )?INDEX/.test(match[2])
    );
  });
}

/**
 * Every query the site's pages run is captured from a real app on SQLite and explained: none
 * may fall back to reading a whole table of notes, likes or comments.
 */
describe('query plans of page queries (sqlite)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-plans-'));
  const sqlite = new SQLite(path.join(dataDir, 'site.db'));
  const captured: Captured[] = [];
  let app: FastifyInstance;
  let reader: Awaited<ReturnType<typeof registerUser>>;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  let post: Post;

  beforeAll(async () => {
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      log: (event) => {
        if (event.level === 'query') captured.push(event.query);
      },
    });
    const config = loadConfig(
      {
        JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
        SEED_DEMO: 'false',
        RATE_LIMIT: 'off',
      },
      { dataDir, webRoot: null, databaseUrl: null },
    );
    app = await buildApp({
      config,
      database: { db, dialect: 'sqlite', close: () => db.destroy() },
      logger: false,
    });
    await app.ready();

    const author = await registerUser(app, 'author');
    reader = await registerUser(app, 'reader');
    admin = await registerUser(app, 'admin');
    await makeAdmin(app, admin.user.id);
    const image = await uploadImage(app, author.auth);
    // Two notes in AI (id 1), so that its feeds have a second page too.
    for (let index = 0; index < 4; index += 1) {
      post = await publishedPost(app, author.auth, admin.auth, {
        title: `编程笔记 ${index}`,
        tags: ['编程', `标签${index}`],
        images: [image],
        categoryId: String(1 + (index % 3)),
      });
      await app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: reader.auth });
      await app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/favorite`,
        headers: reader.auth,
      });
      await app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/comments`,
        headers: reader.auth,
        payload: { content: '好文' },
      });
      await app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: reader.auth,
        payload: { targetType: 'post', targetId: post.id, reason: '其他' },
      });
    }
    await app.inject({
      method: 'POST',
      url: `/api/tags/${encodeURIComponent('编程')}/follow`,
      headers: reader.auth,
    });
    await app.inject({
      method: 'POST',
      url: '/api/drafts',
      headers: reader.auth,
      payload: {
        clientId: 'plan',
        title: '草稿',
        data: { content: '', categoryId: null, tags: [], images: [], price: 0 },
        editedAt: new Date().toISOString(),
      },
    });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const pages = () => {
    const authorId = post.author.id;
    const anonymous: string[] = [
      '/api/posts',
      '/api/posts?page=2&limit=20',
      '/api/posts?sort=popular',
      '/api/posts?category=ai',
      '/api/posts?category=coding&sort=popular',
      '/api/posts?search=编程',
      '/api/posts?search=AI%20笔记',
      `/api/posts?search=${encodeURIComponent('如何用 AI 助手提高编程效率并写出更好的单元测试')}`,
      `/api/posts?search=${encodeURIComponent('"编程笔记" AI')}&page=2`,
      `/api/posts/${post.id}`,
      `/api/posts/${post.id}/comments`,
      `/api/posts/user/${authorId}`,
      `/api/posts/user/${authorId}/likes`,
      `/api/auth/users/${reader.user.id}/liked-posts`,
      '/api/posts/sitemap',
      '/api/categories',
      `/api/tags/${encodeURIComponent('编程')}/posts`,
      `/api/tags/${encodeURIComponent('编程')}/posts?sort=popular&page=2&limit=1`,
      `/api/posts/${post.id}/related`,
    ];
    const signedIn: string[] = [
      '/api/posts',
      `/api/posts/${post.id}`,
      '/api/posts/user/me',
      '/api/posts/user/me?status=pending',
      '/api/posts/following-feed',
      '/api/posts/following-feed?page=2&limit=1',
      `/api/tags/${encodeURIComponent('编程')}/posts`,
      '/api/users/mention-suggestions?prefix=au',
      '/api/posts/favorites',
      '/api/posts/user/likes',
      '/api/drafts',
      `/api/posts/${post.id}/comments`,
    ];
    return [
      ...anonymous.map((url) => ({ url, headers: {} })),
      ...signedIn.map((url) => ({ url, headers: reader.auth })),
      { url: '/api/posts/admin/pending', headers: admin.auth },
      { url: '/api/posts/admin/pending?status=approved', headers: admin.auth },
      { url: '/api/admin/reports', headers: admin.auth },
      { url: '/api/admin/reports?status=resolved', headers: admin.auth },
      { url: `/api/admin/reports?authorId=${authorId}`, headers: admin.auth },
      { url: `/api/admin/reports?authorId=${authorId}&status=resolved`, headers: admin.auth },
      { url: '/api/admin/users', headers: admin.auth },
      { url: `/api/admin/users?query=${reader.user.username.slice(0, 6)}`, headers: admin.auth },
      { url: `/api/admin/users?query=${reader.user.username}@example.com`, headers: admin.auth },
      { url: '/api/admin/audit', headers: admin.auth },
    ];
  };

  const planOf = (query: Captured) =>
    sqlite
      .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .all(...(query.parameters as unknown[]))
      .map((row) => (row as { detail: string }).detail);

  /** Every order and scope of the home feed, first by page, then by the cursor of page 1. */
  async function feedUrls(): Promise<string[]> {
    const urls: string[] = [];
    for (const sort of ['recommended', 'newest', 'popular']) {
      for (const scope of ['', '&category=ai']) {
        const first = `/api/posts?sort=${sort}&limit=1${scope}`;
        const response = await app.inject({ url: first });
        const { nextCursor } = response.json<{ nextCursor: string | null }>();
        expect(nextCursor, first).toEqual(expect.any(String));
        urls.push(first, `${first}&page=2`, `${first}&cursor=${nextCursor}`);
      }
    }
    // The pages above are cached now: the test must see their queries run.
    const caches = app.services.noteCaches;
    for (const cache of [caches.feedPages, caches.feedTotals, caches.cards]) {
      cache.clear();
    }
    return urls;
  }

  it('reads no page with a full scan of notes, likes, favorites or comments', async () => {
    const urls = [...pages(), ...(await feedUrls()).map((url) => ({ url, headers: {} }))];
    captured.length = 0;
    for (const page of urls) {
      const response = await app.inject({ url: page.url, headers: page.headers });
      expect(response.statusCode, page.url).toBe(200);
    }
    const selects = captured.filter((query) => /^\s*select/i.test(query.sql));
    expect(selects.length).toBeGreaterThan(20);
    // Search's own queries are among them (this app has no read pool, so they run here).
    expect(selects.filter((query) => /post_fts MATCH/.test(query.sql)).length).toBeGreaterThan(3);

    const offenders: string[] = [];
    for (const query of selects) {
      const scans = fullScans(planOf(query));
      if (scans.length > 0) offenders.push(`${query.sql}\n  -> ${scans.join('; ')}`);
    }
    expect(offenders).toEqual([]);
  });

  it('reads a note page, its author included, in one query by primary keys', async () => {
    captured.length = 0;
    const response = await app.inject({ url: `/api/posts/${post.id}` });
    expect(response.json<Post>().author.username).toMatch(/^author_/);
    const selects = captured.filter((query) => /^\s*select/i.test(query.sql));
    expect(selects.map((query) => query.sql)).toHaveLength(1);
    expect(fullScans(planOf(selects[0]))).toEqual([]);
  });

  it('reads the note pages asked for together in one query by primary keys', async () => {
    const feed = await app.inject({ url: '/api/posts?sort=newest&limit=4' });
    const ids = feed.json<PostList>().posts.map((each) => Number(each.id));
    expect(ids).toHaveLength(4);
    captured.length = 0;
    // Through the service, all in one turn: over HTTP the turn slices (server/lib/turn-slices.ts)
    // may start some in a later turn on a slow machine.
    const pages = await Promise.allSettled(
      [...ids, ids[0], 999_999].map((id) => app.services.posts.get(id, null)),
    );
    expect(pages.map((page) => (page.status === 'fulfilled' ? page.value.id : 'refused'))).toEqual([
      ...ids.map(String),
      String(ids[0]),
      'refused',
    ]);
    const selects = captured.filter((query) => /from "posts" inner join "users"/.test(query.sql));
    expect(selects).toHaveLength(1);
    expect(selects[0].parameters).toHaveLength(6);
    expect(fullScans(planOf(selects[0]))).toEqual([]);
  });

  it("reads a signed-in reader's session, likes and favorites by primary keys", async () => {
    app.services.noteCaches.feedPages.clear();
    captured.length = 0;
    const response = await app.inject({ url: '/api/posts?sort=newest', headers: reader.auth });
    const cards = response.json<PostList>().posts;
    expect(cards.length).toBeGreaterThan(1);
    expect(cards.every((card) => card.isLiked && card.isFavorited)).toBe(true);

    const session = captured.filter((query) => /from "sessions"/.test(query.sql));
    expect(session).toHaveLength(1);
    expect(planOf(session[0])).toEqual([
      expect.stringMatching(/^SEARCH sessions USING INDEX sqlite_autoindex_sessions_1 \(id=\?\)/),
      expect.stringMatching(/^SEARCH users USING INTEGER PRIMARY KEY/),
    ]);

    const marks = captured.filter((query) => /json_each/.test(query.sql));
    expect(marks).toHaveLength(1);
    const lookups = planOf(marks[0]).filter((line) => /likes|favorites/.test(line));
    expect(lookups).toEqual([
      'SEARCH likes USING COVERING INDEX sqlite_autoindex_likes_1 (post_id=? AND user_id=?)',
      'SEARCH favorites USING COVERING INDEX sqlite_autoindex_favorites_1 (post_id=? AND user_id=?)',
    ]);
  });

  it("reads signed-in readers' purchases by their primary key", () => {
    const pairs = [
      { userId: 1, postId: 2 },
      { userId: 3, postId: 4 },
    ];
    const lookups = planOf(purchasesQuery('sqlite', pairs).compile(app.db)).filter((line) =>
      /purchases/.test(line),
    );
    expect(lookups).toEqual([
      'SEARCH purchases USING COVERING INDEX sqlite_autoindex_purchases_1 (user_id=? AND post_id=?)',
    ]);
  });

  it("reads a search page's cards, their authors included, in one query by primary keys", async () => {
    app.services.searchResults.clear();
    app.services.noteCaches.cards.clear();
    captured.length = 0;
    const response = await app.inject({ url: `/api/posts?search=${encodeURIComponent('编程')}` });
    expect(response.json<PostList>().posts.length).toBeGreaterThan(0);
    const authors = captured.filter(
      (query) => /^\s*select/i.test(query.sql) && /"users"/.test(query.sql),
    );
    expect(authors.map((query) => query.sql)).toEqual([
      expect.stringMatching(/from "posts" inner join "users"/),
    ]);
    const plan = planOf(authors[0]);
    expect(plan).toEqual([
      expect.stringMatching(/^SEARCH posts USING INTEGER PRIMARY KEY/),
      expect.stringMatching(/^SEARCH users USING INTEGER PRIMARY KEY/),
    ]);
  });

  it('reads every feed page in its index order, without sorting the notes', async () => {
    const urls = await feedUrls();
    captured.length = 0;
    for (const url of urls) {
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
    const feedQueries = captured.filter((query) => /order by/i.test(query.sql));
    expect(feedQueries.length).toBeGreaterThanOrEqual(12);
    const sorted = feedQueries
      .map((query) => ({ sql: query.sql, plan: planOf(query) }))
      .filter(({ plan }) => plan.some((line) => line.includes('TEMP B-TREE')));
    expect(sorted).toEqual([]);
  });

  it("sweeps 最热 through the index of the week's notes by when they were published", async () => {
    captured.length = 0;
    await expireWeekLikes(app.db);
    const [sweep] = captured.filter((query) => /^\s*update/i.test(query.sql));
    expect(planOf(sweep).join('; ')).toMatch(
      /SEARCH posts USING INDEX posts_week_published \(published_at<\?\)/,
    );
  });

  it("reads the 关注 feed's followed tags through the tag index, newest first", async () => {
    captured.length = 0;
    const response = await app.inject({
      url: '/api/posts/following-feed?limit=2',
      headers: reader.auth,
    });
    expect(response.json<{ posts: unknown[] }>().posts).toHaveLength(2);
    const tagHalf = captured.find((query) => /from "tag_follows"/.test(query.sql));
    expect(tagHalf).toBeDefined();
    const plan = planOf(tagHalf!).join('; ');
    expect(plan).toMatch(/SEARCH tag_follows USING (COVERING )?INDEX/);
    expect(plan).toMatch(/SEARCH post_tags USING (COVERING )?INDEX post_tags_tag_published/);
    expect(plan).toMatch(/SEARCH posts USING INTEGER PRIMARY KEY/);
  });

  it("reads one person's report queue and /admin/users' counts through the author index", async () => {
    captured.length = 0;
    const queue = await app.inject({
      url: `/api/admin/reports?authorId=${post.author.id}`,
      headers: admin.auth,
    });
    expect(queue.json<{ groups: unknown[] }>().groups).toHaveLength(4);
    expect((await app.inject({ url: '/api/admin/users', headers: admin.auth })).statusCode).toBe(
      200,
    );
    const byAuthor = captured.filter((query) => /"target_author_id" (=|in)/.test(query.sql));
    // The queue's page and its total, then the users page's counts.
    expect(byAuthor).toHaveLength(3);
    for (const query of byAuthor) {
      const plan = planOf(query).join('; ');
      expect(plan, query.sql).toMatch(
        /SEARCH reports USING COVERING INDEX reports_author_status_target \(target_author_id=?/,
      );
      // Grouped per target in the index's order, not sorted first.
      expect(plan, query.sql).not.toMatch(/TEMP B-TREE FOR GROUP BY/);
    }
  });

  it("reads search's word postings by term and its changed notes by id", () => {
    // The read workers' statements (word-postings.js), on a connection of their own.
    const worker = new SQLite(path.join(dataDir, 'site.db'), { readonly: true });
    worker.exec(WORD_POSTINGS_SQL.vocabulary);
    const plan = (text: string, ...parameters: unknown[]) =>
      worker
        .prepare(`EXPLAIN QUERY PLAN ${text}`)
        .all(...parameters)
        .map((row) => (row as { detail: string }).detail)
        .join('; ');
    // fts5vocab seeks the term: its plan's index number holds FTS5_VOCAB_TERM_EQ (0x100),
    // which reading every term's rows would not.
    const seeksTerm = (text: string, ...parameters: unknown[]) =>
      (Number(/VIRTUAL TABLE INDEX (\d+):/.exec(plan(text, ...parameters))?.[1]) & 0x100) !== 0;
    expect(seeksTerm(WORD_POSTINGS_SQL.occurrences, '编程')).toBe(true);
    expect(seeksTerm('SELECT doc FROM temp.post_fts_instances')).toBe(false);
    // ...and FTS5 looks the changed notes up by rowid ('=' where a scan has nothing).
    expect(plan(WORD_POSTINGS_SQL.changed, '[1]')).toMatch(/SCAN post_fts VIRTUAL TABLE INDEX 0:=/);
    expect(plan('SELECT rowid FROM post_fts')).toMatch(/INDEX 0:$/);
    // The one whole read: FTS5's table of note lengths, two varints a note.
    expect(plan(WORD_POSTINGS_SQL.lengths)).toBe('SCAN post_fts_docsize');
    worker.close();
  });

  it('recognises a sort when it sees one', () => {
    const plan = sqlite
      .prepare('EXPLAIN QUERY PLAN SELECT id FROM posts ORDER BY likes_count DESC LIMIT 1')
      .all()
      .map((row) => (row as { detail: string }).detail);
    expect(plan.some((line) => line.includes('TEMP B-TREE'))).toBe(true);
  });

  it('recognises a full scan when it sees one', () => {
    const plan = sqlite
      .prepare('EXPLAIN QUERY PLAN SELECT id FROM posts WHERE title = ?')
      .all('x')
      .map((row) => (row as { detail: string }).detail);
    expect(fullScans(plan)).toEqual(['SCAN posts']);
  });
});

/**
 * PostgreSQL's search postings (postgres-postings.ts, search-changes.ts). With sequential scans
 * priced out, a plan still reads a whole table only where no index can serve it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('query plans of search postings (postgres)', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let handle: ReturnType<typeof openDatabase>;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    handle = openDatabase({ databaseUrl: database.url, dataDir: tmpdir() });
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  async function planOf(text: string, parameters: unknown[] = []): Promise<string> {
    return handle.db.connection().execute(async (db) => {
      await db.executeQuery(CompiledQuery.raw('SET enable_seqscan = off'));
      const result = await db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN ${text}`, parameters),
      );
      await db.executeQuery(CompiledQuery.raw('RESET enable_seqscan'));
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it("reads words' postings from the index of their notes alone, in its order", async () => {
    const plan = await planOf(POSTGRES_POSTINGS_SQL.postings, [['编程', '摄影']]);
    // An index-only scan once the table is large; a bitmap of the same key on a few rows.
    expect(plan).toMatch(/(Index Only Scan using|Bitmap Index Scan on) search_word_notes_pkey/);
    expect(plan).not.toMatch(/Seq Scan/);
    // In the index's order: no sort of a common word's 80,000 notes.
    expect(plan).not.toMatch(/Sort/);
  });

  it('reads the changes since a transaction through their index, and the notes by key', async () => {
    for (const horizon of ['1000', null]) {
      const plan = await planOf(SEARCH_CHANGES_SQL, [horizon]);
      expect(plan).toMatch(/Index Scan (using|on) search_index_changes_xid/);
      expect(plan).toMatch(/Index Scan using post_fts_pkey/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });

  it("finds a quoted phrase's notes through the index of its pairs of characters", async () => {
    const phrase = termTsquery({ column: 'chars', tokens: ['周', '末', '咖', '啡'] });
    const plan = await planOf(
      'SELECT post_id FROM post_fts WHERE pairs @@ $1::tsquery ORDER BY post_id + 0 DESC LIMIT 60',
      [phrase],
    );
    expect(plan).toMatch(/Bitmap Index Scan on post_fts_pairs/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("reads signed-in readers' likes and favorites by primary keys", async () => {
    const query = marksQuery('postgres', [
      { userId: 1, postId: 2 },
      { userId: 3, postId: 4 },
    ]).compile(handle.db);
    const plan = await planOf(query.sql, [...query.parameters]);
    for (const table of ['likes', 'favorites']) {
      expect(plan).toMatch(new RegExp(`Index Only Scan using ${table}_pk on ${table}`));
    }
    expect(plan.match(/Index Cond: \(\(post_id = .+\) AND \(user_id = .+\)\)/g)).toHaveLength(2);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("reads signed-in readers' purchases by their primary key", async () => {
    const query = purchasesQuery('postgres', [
      { userId: 1, postId: 2 },
      { userId: 3, postId: 4 },
    ]).compile(handle.db);
    const plan = await planOf(query.sql, [...query.parameters]);
    expect(plan).toMatch(/Index Only Scan using purchases_pk on purchases/);
    expect(plan).toMatch(/Index Cond: \(\(user_id = .+\) AND \(post_id = .+\)\)/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("sweeps 最热 through the index of the week's notes by when they were published", async () => {
    const query = weekSweepQuery(handle.db, Date.now()).compile();
    const plan = await planOf(query.sql, [...query.parameters]);
    expect(plan).toMatch(/(Index Scan using|Bitmap Index Scan on) posts_week_published/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('recognises a whole read when it sees one: the lengths, read once', async () => {
    expect(await planOf(POSTGRES_POSTINGS_SQL.lengths)).toMatch(/Seq Scan on post_fts/);
  });
});
