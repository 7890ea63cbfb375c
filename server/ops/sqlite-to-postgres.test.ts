import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  createTestApp,
  registerUser,
} from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDemoContent } from '../seed/demo.ts';
import { migrateSqliteToPostgres } from './sqlite-to-postgres.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'moving the demo site from SQLite to PostgreSQL',
  () => {
    let sqliteSite: TestApp;
    let target: { url: string; drop: () => Promise<void> };
    let posts: Array<{ id: number; title: string }>;
    /** A note made paid: the words of its paid part must not find it once moved. */
    let paid: { id: number };

    beforeAll(async () => {
      sqliteSite = await createTestApp('sqlite');
      await seedDemoContent(sqliteSite.app);
      paid = await sqliteSite.app.db
        .selectFrom('posts')
        .select('id')
        .where('status', '=', 'approved')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      await sqliteSite.app.db
        .updateTable('posts')
        .set({
          price_cents: 500,
          content: `开头一段写给所有读者。\n\n${'付费部分记录鲸落观测的全部细节。'.repeat(20)}`,
        })
        .where('id', '=', paid.id)
        .execute();
      posts = await sqliteSite.app.db
        .selectFrom('posts')
        .select(['id', 'title'])
        .orderBy('id')
        .execute();
      // Closed like a stopped site: the file holds every write.
      await sqliteSite.app.close();
      target = await createPostgresDatabase();
    });
    afterAll(async () => {
      await target.drop();
      rmSync(sqliteSite.dataDir, { recursive: true, force: true });
    });

    it('copies every table with its ids, rebuilds search, and changes nothing when run again', async () => {
      const from = path.join(sqliteSite.dataDir, 'site.db');
      const first = await migrateSqliteToPostgres({ from, to: target.url });
      expect(first.map((copy) => copy.table)).toEqual(
        expect.arrayContaining(['users', 'posts', 'comments', 'likes']),
      );
      for (const copy of first) expect(copy.target).toBe(copy.source);
      expect(first.find((copy) => copy.table === 'posts')!.source).toBe(posts.length);

      const second = await migrateSqliteToPostgres({ from, to: target.url });
      expect(second).toEqual(first);

      const config = loadConfig(
        {
          JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
          SEED_DEMO: 'false',
          RATE_LIMIT: 'off',
        },
        { dataDir: sqliteSite.dataDir, webRoot: null, databaseUrl: target.url },
      );
      const site = await buildApp({ config, logger: false });
      try {
        const moved = await site.db
          .selectFrom('posts')
          .select(['id', 'title'])
          .orderBy('id')
          .execute();
        expect(moved).toEqual(posts);

        // Sequences continue after the copied ids.
        const maxUser = await site.db
          .selectFrom('users')
          .select(({ fn }) => fn.max('id').as('max'))
          .executeTakeFirstOrThrow();
        const newcomer = await registerUser(site, 'newcomer');
        expect(Number(newcomer.user.id)).toBe(Number(maxUser.max) + 1);

        // The search index was rebuilt: a demo note is found by a word of its title.
        const approved = await site.db
          .selectFrom('posts')
          .select(['id', 'title'])
          .where('status', '=', 'approved')
          .orderBy('id')
          .executeTakeFirstOrThrow();
        const word = [...approved.title].slice(0, 2).join('');
        const found = await site.inject({ url: `/api/posts?search=${encodeURIComponent(word)}` });
        expect(found.statusCode).toBe(200);
        expect(
          found.json<{ posts: Array<{ id: string }> }>().posts.map((post) => post.id),
        ).toContain(String(approved.id));

        // Only what any visitor may read was indexed: the paid note's preview, not its paid part.
        const search = async (text: string) =>
          (await site.inject({ url: `/api/posts?search=${encodeURIComponent(text)}` }))
            .json<{ posts: Array<{ id: string }> }>()
            .posts.map((post) => post.id);
        expect(await search('读者')).toContain(String(paid.id));
        expect(await search('鲸落 观测')).not.toContain(String(paid.id));
      } finally {
        await site.close();
      }
    });
  },
);
