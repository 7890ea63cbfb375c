import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityText } from '../../../contract/community.ts';
import type { MentionSuggestions } from '../../../contract/community.ts';
import type { NotificationList } from '../../../contract/notification.ts';
import { createPost, publishedPost, review } from '../../../tests/helpers/notes-test-kit.ts';
import { createCommunityFixture } from '../../../tests/helpers/community-fixture.ts';
import type { TestUser as User } from '../../../tests/helpers/community-fixture.ts';
import { registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

describe.each(testDatabases)('mentions on %s', (kind) => {
  let t: TestApp;
  let admin: User;
  let author: User;
  let named: User;
  let later: User;
  let banned: User;
  let muted: User;

  const mentionsOf = async (who: User) => {
    const response = await t.app.inject({
      url: '/api/notifications?limit=100',
      headers: who.auth,
    });
    expect(response.statusCode).toBe(200);
    return response.json<NotificationList>().notifications.filter((n) => n.type === 'mention');
  };
  const mentionRows = async (userId: string) =>
    t.app.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', Number(userId))
      .where('type', '=', 'mention')
      .execute();

  beforeAll(async () => {
    ({
      t,
      admin,
      muted,
      banned,
      members: { author, named, later },
    } = await createCommunityFixture(kind, 'm', ['author', 'named', 'later']));
  });
  afterAll(() => t.close());

  it('tells the people a note names once it is published, and never again on edits', async () => {
    const content = [
      `感谢 @${named.user.username} 的建议，也谢谢 @${named.user.username}。`,
      `@${banned.user.username} @${author.user.username} @不存在的人`,
      `\`@${later.user.username}\` 在代码里不算。`,
    ].join('\n');
    const post = await createPost(t.app, author.auth, { title: '提及测试', content });
    expect(await mentionsOf(named)).toEqual([]);
    await review(t.app, admin.auth, post.id);

    const [mention, ...more] = await mentionsOf(named);
    expect(more).toEqual([]);
    expect(mention.actor?.id).toBe(author.user.id);
    expect(mention.post?.id).toBe(post.id);
    expect(mention.commentId).toBeNull();
    expect(await mentionsOf(author)).toEqual([]);
    expect(await mentionRows(banned.user.id)).toEqual([]);
    expect(await mentionsOf(later)).toEqual([]);

    // Edited (back to review, approved again) with a newly named person: only they are told.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      headers: author.auth,
      payload: { content: `${content}\n还有 @${later.user.username}` },
    });
    expect(edited.statusCode).toBe(200);
    await review(t.app, admin.auth, post.id);
    expect(await mentionsOf(named)).toHaveLength(1);
    expect(await mentionsOf(later)).toHaveLength(1);

    // An admin's own edit publishes at once: still nobody twice.
    const adminNote = await createPost(t.app, admin.auth, {
      title: '管理员笔记',
      content: `@${named.user.username}`,
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${adminNote.id}`,
      headers: admin.auth,
      payload: { content: `@${named.user.username} @${later.user.username} 补充` },
    });
    expect(await mentionsOf(named)).toHaveLength(2);
    expect(await mentionsOf(later)).toHaveLength(2);
  });

  it('leaves a paid part out: only the free preview names people', async () => {
    const reader = await registerUser(t.app, 'mpaid');
    await publishedPost(t.app, author.auth, admin.auth, {
      title: '付费笔记',
      content: `免费的开头。\n\n${'付费的正文内容很长。'.repeat(30)}\n\n@${reader.user.username}`,
      price: 9,
    });
    expect(await mentionsOf(reader)).toEqual([]);
  });

  it('tells the people a comment names, once, with the comment', async () => {
    const post = await publishedPost(t.app, author.auth, admin.auth, { title: '评论提及' });
    const commenter = await registerUser(t.app, 'mcomment');
    const before = (await mentionsOf(named)).length;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      headers: commenter.auth,
      payload: {
        content: `@${named.user.username} 快来看 @${named.user.username} @${author.user.username}`,
      },
    });
    expect(response.statusCode).toBe(201);
    const mentions = await mentionsOf(named);
    expect(mentions).toHaveLength(before + 1);
    expect(mentions[0].commentId).toBe(response.json<{ id: string }>().id);
    expect(mentions[0].excerpt).toContain('快来看');
    // The note's author already hears of the comment as a comment, not twice.
    expect(await mentionsOf(author)).toEqual([]);
  });

  it('suggests names by prefix to signed-in writers, never banned users or oneself', async () => {
    const suggest = (prefix: string, who: User | null) =>
      t.app.inject({
        url: `/api/users/mention-suggestions?prefix=${encodeURIComponent(prefix)}`,
        headers: who?.auth ?? {},
      });
    expect((await suggest('m', null)).statusCode).toBe(401);
    expect((await suggest('m', banned)).statusCode).toBe(401);
    for (const who of [named, muted, admin]) {
      const response = await suggest('m', who);
      expect(response.statusCode).toBe(200);
      const names = response.json<MentionSuggestions>().users.map((user) => user.username);
      expect(names.every((name) => name.startsWith('m'))).toBe(true);
      expect(names).not.toContain(banned.user.username);
      expect(names).not.toContain(who.user.username);
      expect(names.length).toBeLessThanOrEqual(8);
    }
    const exact = await suggest(later.user.username, named);
    expect(exact.json<MentionSuggestions>().users).toEqual([
      { id: later.user.id, username: later.user.username, avatar: '/images/default_head.png' },
    ]);
    const chinese = await registerUser(t.app, '周末咖啡');
    const byHan = await suggest('周末', named);
    expect(byHan.json<MentionSuggestions>().users.map((user) => user.id)).toContain(
      chinese.user.id,
    );
    for (const bad of ['', 'a b', '%', 'x'.repeat(21)]) {
      const response = await suggest(bad, named);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toEqual({ error: communityText.mentionPrefixInvalid });
    }
  });
});
