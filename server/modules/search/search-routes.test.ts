import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostList, UserSearchResult } from '../../../contract/post.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { searchVisibleTextMigration } from '../../db/migrations/006-search-visible-text.ts';
import { setPremiumEnd } from '../../../tests/helpers/payment-fixtures.ts';
import { createPost, publishedPost, review } from '../../../tests/helpers/notes-test-kit.ts';
import { charPairs, tsvectorLiteral } from './search-index.ts';
import { indexText } from './segmenter.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)('search (%s)', (kind) => {
  let test: TestApp;
  let admin: User;
  let author: User;
  const ids: Record<string, string> = {};
  const notes = {
    rag: {
      title: '用向量数据库搭建 RAG 问答',
      content: '大语言模型结合检索增强生成，回答更准确。',
      tags: ['AI'],
    },
    coding: {
      title: 'TypeScript 类型体操入门',
      content: '泛型与条件类型让编程更安全。',
      tags: ['编程'],
    },
    photo: { title: '城市夜景摄影技巧', content: '三脚架、长曝光和一点耐心。', tags: ['摄影'] },
    design: { title: '设计系统的色彩规范', content: '主色、辅助色与中性色的搭配。', tags: [] },
    ai: { title: '周末随笔', content: '今天试了试 AI 画图，效果惊人。', tags: [] },
    testing: {
      title: '让 AI 帮你写单元测试的正确姿势',
      content: '先写清楚需求，再让助手补全边界条件。',
      tags: [],
    },
  };

  beforeAll(async () => {
    test = await createTestApp(kind);
    admin = await registerUser(test.app, 'admin');
    await makeAdmin(test.app, admin.user.id);
    author = await registerUser(test.app, 'searcher');
    for (const [key, note] of Object.entries(notes)) {
      ids[key] = (await publishedPost(test.app, author.auth, admin.auth, note)).id;
    }
    ids.pending = (await createPost(test.app, author.auth, { title: '编程待审核' })).id;
  });
  afterAll(() => test.close());

  const search = async (query: string, extra = '') => {
    const response = await test.app.inject({
      url: `/api/posts?search=${encodeURIComponent(query)}${extra}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<PostList>();
  };
  const found = async (query: string) => (await search(query)).posts.map((post) => post.id);

  it('finds a multi-character Chinese word in the title or body', async () => {
    expect(await found('向量数据库')).toEqual([ids.rag]);
    expect(await found('检索增强')).toEqual([ids.rag]);
    expect(await found('长曝光')).toEqual([ids.photo]);
  });

  it('finds the same notes however a text is spaced', async () => {
    expect(await found('向量 数据库')).toEqual([ids.rag]);
    expect(await found('  向量  数据库 ')).toEqual([ids.rag]);
  });

  it('finds two-character and Latin queries such as 编程 and AI, tags included', async () => {
    expect(await found('编程')).toEqual([ids.coding]);
    expect((await found('AI')).sort()).toEqual([ids.rag, ids.ai, ids.testing].sort());
    expect(await found('ai')).toHaveLength(3);
    expect(await found('色')).toEqual([ids.design]);
    expect(await found('typescript')).toEqual([ids.coding]);
  });

  it('finds notes holding any of the words, those holding all of them first', async () => {
    expect(await found('摄影技巧')).toEqual([ids.photo]);
    expect(await found('夜景技巧')).toEqual([ids.photo]);
    const both = await found('AI 画图');
    expect(both[0]).toBe(ids.ai);
    expect(both.sort()).toEqual([ids.ai, ids.rag, ids.testing].sort());
    expect((await found('摄影 编程')).sort()).toEqual([ids.photo, ids.coding].sort());
    expect(await found('人像 素描')).toEqual([]);
  });

  it('finds a note from a long question that shares only some of its words', async () => {
    const results = await found('如何用 AI 助手提高编程效率并写出更好的单元测试和文档');
    expect(results[0]).toBe(ids.testing);
    // 的 and 和 are in nearly every note (the design note has both): alone they make no hit.
    expect(results).not.toContain(ids.design);
    expect(results).not.toContain(ids.photo);
    expect(results.sort()).toEqual([ids.testing, ids.rag, ids.ai, ids.coding].sort());
  });

  it('requires a quoted phrase as written', async () => {
    expect(await found('"单元测试" 文档')).toEqual([ids.testing]);
    expect(await found('“三脚架”')).toEqual([ids.photo]);
    expect(await found('"摄影 编程"')).toEqual([]);
    expect(await found('"测试单元"')).toEqual([]);
    // Two characters, a Latin word beside characters, and characters across words.
    expect(await found('"夜景"')).toEqual([ids.photo]);
    expect(await found('"ai 画图"')).toEqual([ids.ai]);
    expect(await found('"曝光和一"')).toEqual([ids.photo]);
    expect(await found('"光和耐"')).toEqual([]);
  });

  // PostgreSQL's alone: SQLite's FTS5 finds phrases by positions of its own.
  if (kind === 'postgres')
    it("keeps each note's pairs of characters as a phrase asks them, whoever writes its characters", async () => {
      const id = Number(ids.photo);
      /** Whether the note's pairs are those of `tokens`, and its characters as they were. */
      const pairsOf = async (tokens: string[]) => {
        const { rows } = await sql<{ same: boolean; chars: string }>`
          SELECT pairs::text = ${tsvectorLiteral(charPairs(tokens))}::tsvector::text AS same,
            chars::text AS chars
          FROM post_fts WHERE post_id = ${id}`.execute(test.app.db);
        return rows[0];
      };
      const written = await pairsOf(indexText(notes.photo).chars.split(' '));
      expect(written.same).toBe(true);
      // As an instance of the previous version writes a note: its characters alone.
      await sql`UPDATE post_fts SET chars = ${"'长':1 '曝':2 '光':3 '耐':5"}::tsvector
        WHERE post_id = ${id}`.execute(test.app.db);
      try {
        expect((await pairsOf(['长', '曝', '光'])).same).toBe(true);
      } finally {
        await sql`UPDATE post_fts SET chars = ${written.chars}::tsvector
          WHERE post_id = ${id}`.execute(test.app.db);
      }
    });

  it('marks where the words occur in the title and excerpt, as ranges of plain text', async () => {
    const { posts } = await search('AI 画图');
    const note = posts.find((post) => post.id === ids.ai)!;
    const marked = (text: string, ranges: [number, number][]) =>
      ranges.map(([start, end]) => text.slice(start, end));
    expect(marked(note.excerpt, note.highlights!.excerpt)).toEqual(['AI', '画图']);
    expect(note.highlights!.title).toEqual([]);
    const testing = (await search('单元测试')).posts[0];
    expect(marked(testing.title, testing.highlights!.title)).toEqual(['单元测试']);
  });

  it('ranks a title and tag match above a passing mention', async () => {
    const results = await found('AI');
    expect(results.indexOf(ids.rag)).toBeLessThan(results.indexOf(ids.ai));
    expect(results.indexOf(ids.testing)).toBeLessThan(results.indexOf(ids.ai));
  });

  it('never shows unpublished notes, and drops notes that leave the published state', async () => {
    expect(await found('待审核')).toEqual([]);
    const post = await publishedPost(test.app, author.auth, admin.auth, { title: '临时笔记标题' });
    expect(await found('临时笔记')).toEqual([post.id]);
    await review(test.app, admin.auth, post.id, 'rejected', '重复内容');
    expect(await found('临时笔记')).toEqual([]);
  });

  it('drops a note its author deletes', async () => {
    const post = await publishedPost(test.app, author.auth, admin.auth, {
      title: '即将删除的随笔',
    });
    expect(await found('即将删除')).toEqual([post.id]);
    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/posts/${post.id}`,
      headers: author.auth,
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect(await found('即将删除')).toEqual([]);
  });

  it("shows a note's new like count at once, though its cards are cached", async () => {
    const post = await publishedPost(test.app, author.auth, admin.auth, { title: '点赞计数笔记' });
    const likesOf = async () => (await search('点赞计数')).posts.map((card) => card.likesCount);
    expect(await likesOf()).toEqual([0]);
    // A toggle: the second like takes the first back.
    const like = () =>
      test.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: admin.auth });
    expect((await like()).statusCode).toBeLessThan(300);
    expect(await likesOf()).toEqual([1]);
    expect((await like()).statusCode).toBeLessThan(300);
    expect(await likesOf()).toEqual([0]);
  });

  it('answers a blank query with an empty result, without error', async () => {
    for (const query of ['', '   ', '!?', '“ ”', '。，']) {
      expect(await search(query)).toEqual({ posts: [], total: 0, page: 1, pages: 0 });
    }
  });

  it('treats query syntax as plain text and never fails on it', async () => {
    for (const query of [
      '"',
      'AND OR',
      '*',
      'NEAR(a b)',
      'title:编程',
      "'; DROP TABLE posts; --",
      '编程"',
      '(AI',
    ]) {
      const result = await search(query);
      expect(result.total).toBe(result.posts.length);
    }
    expect(await found('编程"')).toEqual([ids.coding]);
    expect(await found('(AI')).toHaveLength(3);
  });

  it('pages results 20 at a time by default, at most 100', async () => {
    const result = await search('AI', '&limit=1');
    expect(result).toMatchObject({ total: 3, pages: 3, page: 1 });
    expect(result.posts).toHaveLength(1);
    const second = await search('AI', '&limit=1&page=2');
    expect(second.posts[0].id).not.toBe(result.posts[0].id);
    expect((await search('AI', '&limit=1000')).posts).toHaveLength(3);
  });

  describe('a paid note', () => {
    const SECRET = '翡翠密钥';
    let paid: string;
    let member: User;

    beforeAll(async () => {
      const content = [
        '这篇笔记的开头免费阅读，讲的是星图导航的基本思路。',
        ...Array.from({ length: 6 }, (_, index) => `第 ${index + 1} 节：背景与常见误区。`),
        ...Array.from({ length: 6 }, (_, index) => `付费第 ${index + 1} 节：${SECRET}的完整做法。`),
      ].join('\n\n');
      paid = (
        await publishedPost(test.app, author.auth, admin.auth, {
          title: '星图导航进阶',
          content,
          price: 9.9,
        })
      ).id;
      member = await registerUser(test.app, 'member');
      await setPremiumEnd(test.app, member.user.id, Date.now() + 86_400_000);
    });

    const foundBy = async (query: string, auth: Record<string, string>) => {
      const response = await test.app.inject({
        url: `/api/posts?search=${encodeURIComponent(query)}`,
        headers: auth,
      });
      return response.json<PostList>().posts.map((post) => post.id);
    };

    it('is found by its title and free preview, never by a word of its paid part', async () => {
      for (const auth of [{}, member.auth, author.auth, admin.auth]) {
        expect(await foundBy('星图导航', auth)).toEqual([paid]);
        expect(await foundBy(SECRET, auth)).toEqual([]);
        expect(await foundBy(`"${SECRET}"`, auth)).toEqual([]);
        expect(await foundBy(`星图导航 ${SECRET}`, auth)).toEqual([paid]);
      }
    });

    it('loses its paid words from an index written before the rule (migration)', async () => {
      const row = await test.app.db
        .selectFrom('posts')
        .selectAll()
        .where('id', '=', Number(paid))
        .executeTakeFirstOrThrow();
      // As the index held paid notes before: the whole body.
      await test.app.services.searchIndex.put(
        row.id,
        indexText({ title: row.title, tags: [], content: row.content }),
      );
      test.app.services.searchResults.clear();
      test.app.services.noteCaches.cards.clear();
      expect(await foundBy(`"${SECRET}"`, {})).toEqual([paid]);

      await searchVisibleTextMigration(test.app.dialect).up(test.app.db);
      test.app.services.searchResults.clear();
      test.app.services.noteCaches.cards.clear();
      expect(await foundBy(`"${SECRET}"`, {})).toEqual([]);
      expect(await foundBy('星图导航', {})).toEqual([paid]);
    });
  });

  it('finds users by the start or any part of their name', async () => {
    const named = await registerUser(test.app, '林深见鹿');
    const byPrefix = await test.app.inject({
      url: `/api/auth/users/search?query=${encodeURIComponent('林深')}`,
    });
    expect(byPrefix.json<UserSearchResult>().users.map((user) => user.id)).toEqual([named.user.id]);
    const byPart = await test.app.inject({
      url: `/api/auth/users/search?query=${encodeURIComponent('见鹿')}`,
    });
    expect(byPart.json<UserSearchResult>().users.map((user) => user.id)).toEqual([named.user.id]);
    const wildcard = await test.app.inject({ url: '/api/auth/users/search?query=%25' });
    expect(wildcard.json<UserSearchResult>().users).toEqual([]);
    const blank = await test.app.inject({ url: '/api/auth/users/search?query=%20' });
    expect(blank.json()).toEqual({ users: [] });
    const user = byPrefix.json<UserSearchResult>().users[0];
    expect(user).not.toHaveProperty('email');
  });
});
