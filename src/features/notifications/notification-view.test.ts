import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../contract/notification';
import { describeNotification, notificationTarget } from './notification-view';

const actor = { _id: '7', id: '7', username: '林深见鹿', avatar: '/a.png', isPremium: false };
const post = { _id: '42', id: '42', title: '用 AI 写代码', cover: null };

function make(overrides: Partial<Notification>): Notification {
  return {
    _id: '1',
    id: '1',
    type: 'like',
    actor,
    post,
    commentId: null,
    excerpt: null,
    reason: null,
    isRead: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('notification view', () => {
  it('leads note notifications to the note, follows to the profile, messages to the thread', () => {
    expect(notificationTarget(make({ type: 'comment' }))).toEqual({ kind: 'page', to: '/post/42' });
    expect(notificationTarget(make({ type: 'post_rejected' }))).toEqual({
      kind: 'page',
      to: '/post/42',
    });
    expect(notificationTarget(make({ type: 'follow', post: null }))).toEqual({
      kind: 'page',
      to: '/profile/7',
    });
    expect(notificationTarget(make({ type: 'message', post: null }))).toEqual({
      kind: 'conversation',
      userId: '7',
    });
    expect(notificationTarget(make({ type: 'like', post: null }))).toBeNull();
  });

  it('words each type, quoting the comment or the rejection reason', () => {
    expect(describeNotification(make({ type: 'like' }))).toEqual({
      who: '林深见鹿',
      action: '赞了你的笔记',
      detail: '用 AI 写代码',
    });
    expect(describeNotification(make({ type: 'reply', excerpt: '同意' })).detail).toBe('同意');
    expect(describeNotification(make({ type: 'post_rejected', reason: '图片模糊' }))).toEqual({
      who: '系统通知',
      action: '你的笔记未通过审核',
      detail: '原因：图片模糊',
    });
    expect(describeNotification(make({ type: 'follow', post: null })).detail).toBeNull();
  });

  it('words a handled report by its outcome, from the site, and links only a note still shown', () => {
    const hidden = make({
      type: 'report_resolved',
      actor: null,
      outcome: 'hide',
      reportTarget: 'comment',
      excerpt: '加微信',
    });
    expect(describeNotification(hidden)).toEqual({
      who: '系统通知',
      action: '你举报的内容已被隐藏，感谢你的举报',
      detail: '加微信',
    });
    expect(notificationTarget(hidden)).toBeNull();
    const dismissed = make({ type: 'report_resolved', actor: null, outcome: 'dismiss' });
    expect(describeNotification(dismissed).action).toBe('你举报的内容经核查未发现违规');
    expect(notificationTarget(dismissed)).toEqual({ kind: 'page', to: '/post/42' });
  });
});

describe('mention notifications', () => {
  it('say where the person was named and lead to the note', () => {
    const inNote = make({ type: 'mention' });
    expect(describeNotification(inNote)).toEqual({
      who: '林深见鹿',
      action: '在笔记中提到了你',
      detail: '用 AI 写代码',
    });
    const inComment = make({ type: 'mention', commentId: '9', excerpt: '@我 快来看' });
    expect(describeNotification(inComment).action).toBe('在评论中提到了你');
    expect(describeNotification(inComment).detail).toBe('@我 快来看');
    expect(notificationTarget(inComment)).toEqual({ kind: 'page', to: '/post/42' });
  });
});
