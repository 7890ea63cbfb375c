import type { Notification } from '../../../../contract/notification';
import { PAGE_SIZE_DEFAULT } from '../../../../contract/common';
import { batch } from '../../../lib/api/batch';

export interface NotificationPage {
  notifications: Notification[];
  total: number;
  page: number;
  pages: number;
  unreadCount: number;
}

/** SPEC.md section 8: a list that cannot be read is simply empty. */
export const EMPTY_NOTIFICATION_PAGE: NotificationPage = {
  notifications: [],
  total: 0,
  page: 1,
  pages: 1,
  unreadCount: 0,
};

const isNotification = (value: unknown): value is Notification =>
  typeof value === 'object' && value !== null && 'id' in value && 'type' in value;

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** SPEC.md section 7: the answer may be an array, `{data}` or `{notifications}`, plus pagination. */
export function readNotificationPage(answer: unknown): NotificationPage {
  if (Array.isArray(answer)) {
    const notifications = answer.filter(isNotification);
    return {
      ...EMPTY_NOTIFICATION_PAGE,
      notifications,
      total: notifications.length,
      unreadCount: notifications.filter((item) => !item.isRead).length,
    };
  }
  if (!answer || typeof answer !== 'object') return EMPTY_NOTIFICATION_PAGE;
  const record = answer as Record<string, unknown>;
  const list = Array.isArray(record.notifications)
    ? record.notifications
    : Array.isArray(record.data)
      ? record.data
      : [];
  const notifications = list.filter(isNotification);
  return {
    notifications,
    total: numberOr(record.total, notifications.length),
    page: numberOr(record.page, 1),
    pages: numberOr(record.pages, 1),
    unreadCount: numberOr(record.unreadCount, notifications.filter((item) => !item.isRead).length),
  };
}

/** One page, newest first; `force` skips the batch helper's cache (opening the panel). */
export async function getNotifications(page: number, force: boolean): Promise<NotificationPage> {
  try {
    const answer = await batch.get<unknown>(
      `/api/notifications?page=${page}&limit=${PAGE_SIZE_DEFAULT}`,
      { force },
    );
    return readNotificationPage(answer);
  } catch {
    return EMPTY_NOTIFICATION_PAGE;
  }
}
