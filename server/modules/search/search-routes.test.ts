import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostList, UserSearchResult } from '../../../contract/post.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { createPost, publishedPost, review } from '../posts/notes-test-kit.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)('search (%s)', (kind) => {
  let test: TestApp;
  let admin: User;
  let author: User;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    test = await createTestApp(kind);
    admin = await registerUser(test.app, 'admin');
    await makeAdmin(test.app, admin.user.id);
    author = await registerUser(test.app, 'searcher');
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
    };
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

  it('finds two-character and Latin queries such as 编程 and AI, tags included', async () => {
    expect(await found('编程')).toEqual([ids.coding]);
    expect((await found('AI')).sort()).toEqual([ids.rag, ids.ai].sort());
    expect(await found('ai')).toHaveLength(2);
    expect(await found('色')).toEqual([ids.design]);
    expect(await found('typescript')).toEqual([ids.coding]);
  });

  it('finds the words of a term apart, but not just one of them', async () => {
    expect(await found('人像技巧')).toEqual([]);
    expect(await found('摄影技巧')).toEqual([ids.photo]);
    expect(await found('夜景技巧')).toEqual([ids.photo]);
  });

  it('requires every word of a multi-word query', async () => {
    expect(await found('AI 画图')).toEqual([ids.ai]);
    expect(await found('摄影 三脚架')).toEqual([ids.photo]);
    expect(await found('摄影 编程')).toEqual([]);
  });

  it('ranks a title and tag match above a passing mention', async () => {
    expect((await found('AI'))[0]).toBe(ids.rag);
  });

  it('never shows unpublished notes, and drops notes that leave the published state', async () => {
    expect(await found('待审核')).toEqual([]);
    const post = await publishedPost(test.app, author.auth, admin.auth, { title: '临时笔记标题' });
    expect(await found('临时笔记')).toEqual([post.id]);
    await review(test.app, admin.auth, post.id, 'rejected', '重复内容');
    expect(await found('临时笔记')).toEqual([]);
  });

  it('answers a blank query with an empty result, without error', async () => {
    for (const query of ['', '   ']) {
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
    expect(await found('(AI')).toHaveLength(2);
  });

  it('pages results 20 at a time by default, at most 100', async () => {
    const result = await search('AI', '&limit=1');
    expect(result).toMatchObject({ total: 2, pages: 2, page: 1 });
    expect(result.posts).toHaveLength(1);
    const second = await search('AI', '&limit=1&page=2');
    expect(second.posts[0].id).not.toBe(result.posts[0].id);
    expect((await search('AI', '&limit=1000')).posts).toHaveLength(2);
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
