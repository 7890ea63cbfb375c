import { describe, expect, it } from 'vitest';
import { EMPTY_NOTIFICATION_PAGE, readNotificationPage } from './get-notifications';

const item = { id: '1', type: 'like', isRead: false };

describe('reading a notifications answer', () => {
  it('accepts {notifications}, {data} and a bare array', () => {
    expect(
      readNotificationPage({ notifications: [item], total: 5, page: 2, pages: 3, unreadCount: 4 }),
    ).toMatchObject({ notifications: [item], total: 5, page: 2, pages: 3, unreadCount: 4 });
    expect(
      readNotificationPage({ data: [item, { ...item, id: '2', isRead: true }] }),
    ).toMatchObject({
      total: 2,
      page: 1,
      pages: 1,
      unreadCount: 1,
    });
    expect(readNotificationPage([item])).toMatchObject({ notifications: [item], total: 1 });
  });

  it('falls back to the empty page of SPEC.md section 8 for anything else', () => {
    for (const answer of [null, 'oops', 42, { notifications: 'x' }]) {
      expect(readNotificationPage(answer)).toMatchObject({
        ...EMPTY_NOTIFICATION_PAGE,
        notifications: [],
      });
    }
    expect(readNotificationPage([null, 'x', item]).notifications).toEqual([item]);
  });
});
