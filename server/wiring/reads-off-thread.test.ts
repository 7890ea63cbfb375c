import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../contract/post.ts';
import { makeAdmin, registerUser } from '../../tests/helpers/test-app.ts';
import { publishedPost } from '../../tests/helpers/notes-test-kit.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';

/** The kind and tables of every statement run through the main connection. */
function statementLog() {
  const ran: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      ran.push(`${node.kind} ${JSON.stringify(tablesOf(node))}`);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { ran, plugin };
}

function tablesOf(node: RootOperationNode): string[] {
  const names = new Set<string>();
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (record.kind === 'TableNode') {
      const table = record.table as { identifier: { name: string } };
      names.add(table.identifier.name);
    }
    for (const child of Object.values(record)) visit(child);
  };
  visit(node);
  return [...names];
}

/**
 * On SQLite the thread that answers requests runs every statement of the main connection
 * itself: the pages of notes and people, and a signed-in reader's own lists, read through the
 * read pool's threads instead (services.ts), so that no read of a page holds every other
 * request. Every statement of the main connection is logged here by kind and tables.
 */
describe('reads of pages on SQLite', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-off-thread-'));
  const log = statementLog();
  let app: FastifyInstance;
  let post: Post;
  let reader: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    const config = loadConfig(
      {
        JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
        SEED_DEMO: 'false',
        RATE_LIMIT: 'off',
      },
      { dataDir, webRoot: null, databaseUrl: null },
    );
    const handle = openDatabase(config);
    app = await buildApp({
      config,
      database: { ...handle, db: handle.db.withPlugin(log.plugin) },
      logger: false,
    });
    await app.ready();
    const author = await registerUser(app, 'author');
    reader = await registerUser(app, 'reader');
    const admin = await registerUser(app, 'admin');
    await makeAdmin(app, admin.user.id);
    post = await publishedPost(app, author.auth, admin.auth, { title: '编程笔记', tags: ['编程'] });
    await app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      headers: reader.auth,
      payload: { content: '好文' },
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs the statements of the main connection', async () => {
    log.ran.length = 0;
    const liked = await app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/like`,
      headers: reader.auth,
    });
    expect(liked.statusCode).toBe(200);
    expect(log.ran).toContain('InsertQueryNode ["likes"]');
  });

  it('reads none of them for the pages of notes and people', async () => {
    const authorId = post.author.id;
    const tag = encodeURIComponent('编程');
    const anonymous = [
      '/api/posts',
      '/api/posts?page=3&limit=20',
      '/api/posts?sort=popular',
      '/api/posts?category=ai',
      '/api/posts?search=编程',
      `/api/posts/${post.id}`,
      `/api/posts/${post.id}/comments`,
      `/api/posts/${post.id}/related`,
      `/api/posts/user/${authorId}`,
      `/api/posts/user/${authorId}/likes`,
      `/api/auth/users/${reader.user.id}/liked-posts`,
      `/api/auth/users/${authorId}`,
      '/api/auth/users/search?query=aut',
      `/api/tags/${tag}/posts`,
      '/api/posts/sitemap',
      '/sitemap.xml',
      '/api/categories',
    ];
    const signedIn = [
      '/api/posts',
      `/api/posts/${post.id}`,
      `/api/posts/${post.id}/comments`,
      '/api/posts/user/me',
      '/api/posts/favorites',
      '/api/posts/user/likes',
      `/api/tags/${tag}/posts`,
      '/api/posts/following-feed',
      '/api/notifications',
      '/api/messages/conversations',
      `/api/messages/with/${post.author.id}`,
      '/api/drafts',
      '/api/auth/me',
    ];
    const read: Record<string, string[]> = {};
    for (const [url, headers] of [
      ...anonymous.map((url) => [url, {}] as const),
      ...signedIn.map((url) => [url, reader.auth] as const),
    ]) {
      log.ran.length = 0;
      const response = await app.inject({ url, headers });
      expect(response.statusCode, url).toBe(200);
      if (log.ran.length > 0) read[url] = [...log.ran];
    }
    expect(read).toEqual({});
  });
});
