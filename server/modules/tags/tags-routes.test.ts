import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityText } from '../../../contract/community.ts';
import type { TagFollowResult, TagPosts } from '../../../contract/community.ts';
import type { PostList } from '../../../contract/post.ts';
import { publishedPost, createPost } from '../../../tests/helpers/notes-test-kit.ts';
import { createCommunityFixture } from '../../../tests/helpers/community-fixture.ts';
import type { TestUser as User } from '../../../tests/helpers/community-fixture.ts';
import { registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

describe.each(testDatabases)('tag pages and followed tags on %s', (kind) => {
  let t: TestApp;
  let admin: User;
  let author: User;
  let member: User;
  let muted: User;
  let banned: User;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: User | null) =>
    t.app.inject({ method, url, headers: who?.auth ?? {} });
  const tagPage = async (name: string, query = '', who: User | null = null) => {
    const response = await call('GET', `/api/tags/${encodeURIComponent(name)}/posts${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TagPosts>();
  };
  const titles = (page: { posts: { title: string }[] }) => page.posts.map((post) => post.title);

  beforeAll(async () => {
    ({
      t,
      admin,
      muted,
      banned,
      members: { author, member },
    } = await createCommunityFixture(kind, 't', ['author', 'member']));
  });
  afterAll(() => t.close());

  it('lists the published notes of a tag, whatever its case or width, newest or most liked first', async () => {
    const older = await publishedPost(t.app, author.auth, admin.auth, {
      title: '较早的笔记',
      tags: ['AI绘画', '教程'],
    });
    const newer = await publishedPost(t.app, author.auth, admin.auth, {
      title: '较新的笔记',
      tags: ['#ai绘画'],
    });
    await createPost(t.app, author.auth, { title: '待审核的笔记', tags: ['AI绘画'] });
    await call('POST', `/api/posts/${older.id}/like`, member);

    const newest = await tagPage('ＡＩ绘画');
    expect(titles(newest)).toEqual(['较新的笔记', '较早的笔记']);
    expect(newest.total).toBe(2);
    expect(newest.tag).toEqual({ name: 'ＡＩ绘画', followersCount: 0, isFollowing: false });
    expect(titles(await tagPage('ai绘画', '?sort=popular'))).toEqual(['较早的笔记', '较新的笔记']);
    expect(titles(await tagPage('ai绘画', '?limit=1&page=2'))).toEqual(['较早的笔记']);

    // A note that leaves 已发布 (hidden after a report, edited back into review) leaves its tags.
    await t.app.inject({
      method: 'POST',
      url: `/api/posts/admin/${newer.id}/review`,
      headers: admin.auth,
      payload: { status: 'rejected', reason: '测试' },
    });
    expect(titles(await tagPage('AI绘画'))).toEqual(['较早的笔记']);
    await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${older.id}`,
      headers: author.auth,
      payload: { tags: ['别的标签'] },
    });
    expect((await tagPage('AI绘画')).total).toBe(0);
  });

  it('refuses a bad tag or sort with a Chinese message', async () => {
    const cases: [string, string][] = [
      [`/api/tags/${encodeURIComponent('超'.repeat(21))}/posts`, communityText.tagInvalid],
      [`/api/tags/${encodeURIComponent('  ')}/posts`, communityText.tagInvalid],
      ['/api/tags/%23/posts', communityText.tagInvalid],
      ['/api/tags/AI/posts?sort=hot', communityText.tagSortInvalid],
    ];
    for (const [url, message] of cases) {
      const response = await call('GET', url, null);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ error: message });
    }
  });

  it('lets each role follow a tag as its rules say, idempotently', async () => {
    const follow = (who: User | null, method: 'POST' | 'DELETE' = 'POST') =>
      call(method, `/api/tags/${encodeURIComponent('摄影')}/follow`, who);
    expect((await follow(null)).statusCode).toBe(401);
    expect((await follow(banned)).statusCode).toBe(401);
    // A banned user's revoked session reads the public page as a visitor does.
    const asBanned = await call('GET', `/api/tags/${encodeURIComponent('摄影')}/posts`, banned);
    expect(asBanned.json<TagPosts>().tag.isFollowing).toBe(false);
    for (const who of [member, member, muted, admin]) {
      const response = await follow(who);
      expect(response.statusCode).toBe(200);
      expect(response.json<TagFollowResult>().isFollowing).toBe(true);
    }
    expect((await tagPage('摄影', '', member)).tag).toEqual({
      name: '摄影',
      followersCount: 3,
      isFollowing: true,
    });
    for (const who of [muted, muted]) {
      expect((await follow(who, 'DELETE')).json<TagFollowResult>()).toEqual({
        isFollowing: false,
        followersCount: 2,
      });
    }
    expect((await tagPage('摄影', '', null)).tag.isFollowing).toBe(false);
  });

  it('counts a reader’s 关注 total again as soon as they follow or leave a person or a tag', async () => {
    const reader = await registerUser(t.app, 'tcounter');
    const writer = await registerUser(t.app, 'twriter');
    await publishedPost(t.app, writer.auth, admin.auth, { title: '计数笔记', tags: ['计数'] });
    const total = async () =>
      (await call('GET', '/api/posts/following-feed?limit=100', reader)).json<PostList>().total;
    const tag = `/api/tags/${encodeURIComponent('计数')}/follow`;
    const person = `/api/auth/users/${writer.user.id}/follow`;
    expect(await total()).toBe(0);
    for (const [method, url, expected] of [
      ['POST', person, 1],
      ['DELETE', person, 0],
      ['POST', tag, 1],
      ['DELETE', tag, 0],
    ] as const) {
      expect((await call(method, url, reader)).statusCode).toBe(200);
      expect(await total()).toBe(expected);
    }
  });

  it('feeds 关注 with notes of followed tags and people, each once, in one order across pages', async () => {
    const reader = await registerUser(t.app, 'treader');
    const other = await registerUser(t.app, 'tother');
    await call('POST', `/api/auth/users/${author.user.id}/follow`, reader);
    await call('POST', `/api/tags/${encodeURIComponent('胶片')}/follow`, reader);
    await call('POST', `/api/tags/${encodeURIComponent('暗房')}/follow`, reader);
    const published: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const byFollowed = index % 2 === 0;
      const title = `胶片笔记 ${index}`;
      await publishedPost(t.app, byFollowed ? author.auth : other.auth, admin.auth, {
        title,
        // Both followed tags on one note, and a followed author's note with a followed tag.
        tags:
          index === 3
            ? ['胶片', '暗房']
            : index === 4
              ? ['胶片']
              : index === 5
                ? ['数码']
                : ['胶片'],
      });
      published.unshift(title);
    }
    // Index 5 is by `other` with a tag nobody follows: not in the feed.
    const expected = published.filter((title) => title !== '胶片笔记 5');
    const feed = await call('GET', '/api/posts/following-feed?limit=100', reader);
    const body = feed.json<PostList>();
    const mine = titles(body).filter((title) => title.startsWith('胶片笔记'));
    expect(mine).toEqual(expected);
    expect(new Set(body.posts.map((post) => post.id)).size).toBe(body.posts.length);
    expect(body.total).toBe(body.posts.length);

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const url = `/api/posts/following-feed?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page: PostList = (await call('GET', url, reader)).json<PostList>();
      paged.push(...titles(page));
      cursor = page.nextCursor ?? null;
    } while (cursor);
    expect(paged).toEqual(titles(body));
    const second = (
      await call('GET', '/api/posts/following-feed?limit=2&page=2', reader)
    ).json<PostList>();
    expect(titles(second)).toEqual(titles(body).slice(2, 4));
  });
});
