import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelatedPosts } from '../../../contract/community.ts';
import { errorText } from '../../../contract/messages.ts';
import { createPost, publishedPost, review } from '../../../tests/helpers/notes-test-kit.ts';
import { createCommunityFixture } from '../../../tests/helpers/community-fixture.ts';
import type { TestUser as User } from '../../../tests/helpers/community-fixture.ts';
import { testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

describe.each(testDatabases)('related notes on %s', (kind) => {
  let t: TestApp;
  let admin: User;
  let author: User;
  let other: User;
  let third: User;
  let subjectId: string;

  const related = (id: string, who: User | null = null, query = '') =>
    t.app.inject({ url: `/api/posts/${id}/related${query}`, headers: who?.auth ?? {} });
  const relatedTitles = async (id: string, who: User | null = null, query = '') => {
    const response = await related(id, who, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RelatedPosts>().posts.map((post) => post.title);
  };

  beforeAll(async () => {
    ({
      t,
      admin,
      members: { author, other, third },
    } = await createCommunityFixture(kind, 'r', ['author', 'other', 'third']));
    const note = (who: User, title: string, tags: string[], content = '正文。', price = 0) =>
      publishedPost(t.app, who.auth, admin.auth, { title, tags, content, price });

    subjectId = (await note(author, 'Rust 异步编程入门', ['Rust', '异步'], '用 tokio 写异步服务。'))
      .id;
    await note(other, 'Rust 异步运行时对比', ['Rust'], 'tokio 与 async-std。');
    await note(third, '异步编程的常见陷阱', ['异步'], '死锁与取消。');
    await note(other, '周末的手冲咖啡', ['咖啡'], '豆子与水温。');
    // The author's own notes on the subject count, but do not fill the list.
    for (const index of [1, 2, 3, 4]) {
      await note(author, `Rust 异步笔记 ${index}`, ['Rust', '异步'], 'tokio 异步。');
    }
    // The words are only in the paid part: what a visitor cannot read never relates notes.
    await note(
      third,
      '一篇付费笔记',
      ['摄影'],
      `今天拍了一些照片。\n\n${'Rust 异步 tokio 编程 '.repeat(40)}`,
      9,
    );
    const pending = await createPost(t.app, third.auth, {
      title: 'Rust 异步待审核',
      tags: ['Rust', '异步'],
    });
    expect(pending.status).toBe('pending');
    const hidden = await note(third, 'Rust 异步已隐藏', ['Rust', '异步']);
    await review(t.app, admin.auth, hidden.id, 'rejected', '测试');
  });
  afterAll(() => t.close());

  it('lists published notes sharing the words and tags, other authors included', async () => {
    const titles = await relatedTitles(subjectId);
    expect(titles).toContain('Rust 异步运行时对比');
    expect(titles).toContain('异步编程的常见陷阱');
    expect(titles).not.toContain('Rust 异步编程入门');
    for (const absent of ['周末的手冲咖啡', '一篇付费笔记', 'Rust 异步待审核', 'Rust 异步已隐藏']) {
      expect(titles).not.toContain(absent);
    }
    const own = titles.filter((title) => title.startsWith('Rust 异步笔记'));
    expect(own.length).toBeLessThanOrEqual(2);
    expect(titles.length).toBeLessThanOrEqual(6);
    expect(await relatedTitles(subjectId, null, '?limit=1')).toHaveLength(1);
    // Limits beyond the largest are clamped, not refused.
    expect((await related(subjectId, null, '?limit=500')).statusCode).toBe(200);
  });

  it('answers each role as the note page does', async () => {
    for (const who of [null, other, admin]) {
      expect((await related(subjectId, who)).statusCode).toBe(200);
    }
    const pending = await createPost(t.app, other.auth, { title: '未发布的笔记' });
    expect((await related(pending.id, null)).statusCode).toBe(404);
    expect((await related(pending.id, third)).statusCode).toBe(404);
    expect((await related(pending.id, other)).statusCode).toBe(200);
    expect((await related(pending.id, admin)).statusCode).toBe(200);
    for (const [url, status] of [
      ['/api/posts/abc/related', 404],
      ['/api/posts/999999/related', 404],
      [`/api/posts/${subjectId}/related?limit=0`, 400],
      [`/api/posts/${subjectId}/related?limit=x`, 400],
    ] as const) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(status);
      expect(response.json<{ error: string }>().error).toEqual(expect.any(String));
    }
    expect((await t.app.inject({ url: '/api/posts/abc/related' })).json()).toEqual({
      error: errorText.postNotFound,
    });
  });
});
