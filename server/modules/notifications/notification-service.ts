import { errorText } from '../../../contract/messages.ts';
import type { NotificationList, NotificationType } from '../../../contract/notification.ts';
import { notFound } from '../../lib/errors.ts';
import { pageCount, pageWindow } from '../../lib/pagination.ts';
import type { Realtime } from '../events/realtime-plugin.ts';
import type { PushDispatcher } from '../push/push-dispatcher.ts';
import type {
  NewNotification,
  NotificationDetails,
  NotificationKey,
  NotificationRepository,
} from './notification-repository.ts';
import { presentNotification } from './present-notification.ts';
import type { UnreadCounts } from './unread-counts.ts';

/** Comments and messages are quoted in a notification up to this many characters. */
const EXCERPT_LENGTH = 100;

export const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH)}…` : flat;
};

export function createNotificationService(deps: {
  notifications: NotificationRepository;
  /** Where a reader's notifications are listed from: off the thread that answers requests. */
  lists: Pick<NotificationRepository, 'list' | 'count' | 'unreadCount'>;
  realtime: Pick<Realtime, 'publish'>;
  unread: Pick<UnreadCounts, 'push'>;
  push: Pick<PushDispatcher, 'offer'>;
}) {
  const { notifications, lists, realtime, unread, push } = deps;

  /**
   * Tells each recipient's open streams about their new notification and new count, and
   * offers it to Web Push, which sends it only to people with no page of the site open.
   */
  async function deliver(ids: number[]) {
    for (const row of await notifications.findPresentable(ids)) {
      const notification = presentNotification(row);
      await realtime.publish(row.user_id, 'notification', notification);
      await unread.push(row.user_id);
      push.offer(row.user_id, notification);
    }
  }

  /** Creates notifications (never for the actor themself) and pushes them live. */
  async function notify(rows: NewNotification[]): Promise<void> {
    const wanted = rows.filter((row) => row.actorId !== row.userId);
    if (wanted.length === 0) return;
    await deliver(await notifications.insertMany(wanted));
  }

  return {
    notify,

    /**
     * One unread notification per actor, action and note: a repeat (a like after an un-like,
     * a second message) refreshes the unread one instead of stacking another.
     */
    async notifyOnce(
      key: NotificationKey,
      extra: { commentId?: number; details?: NotificationDetails } = {},
    ) {
      if (key.actorId === key.userId) return;
      const existing = await notifications.findUnread(key);
      if (existing === undefined) {
        await notify([{ ...key, ...extra }]);
        return;
      }
      await notifications.refresh(existing, extra.details ?? {});
      await deliver([existing]);
    },

    /** An undone action (un-like, unfollow) takes back the notification nobody has read yet. */
    async withdraw(key: NotificationKey): Promise<void> {
      if ((await notifications.deleteUnread(key)) > 0) await unread.push(key.userId);
    },

    async withdrawComment(commentId: number): Promise<void> {
      for (const userId of await notifications.deleteForComment(commentId)) {
        await unread.push(userId);
      }
    },

    async list(
      userId: number,
      query: { page?: number; limit?: number },
    ): Promise<NotificationList> {
      const window = pageWindow(query);
      const [rows, total, unreadCount] = await Promise.all([
        lists.list(userId, window),
        lists.count(userId),
        lists.unreadCount(userId),
      ]);
      return {
        notifications: rows.map(presentNotification),
        total,
        page: window.page,
        pages: pageCount(total, window.limit),
        unreadCount,
      };
    },

    unreadCount(userId: number) {
      return notifications.unreadCount(userId);
    },

    async markAllRead(userId: number): Promise<number> {
      const changed = await notifications.markAllRead(userId);
      if (changed > 0) await unread.push(userId);
      return changed;
    },

    async markRead(userId: number, id: number): Promise<void> {
      if (!(await notifications.markRead(id, userId))) {
        throw notFound(errorText.notificationNotFound);
      }
      await unread.push(userId);
    },

    async markReadFromActor(userId: number, type: NotificationType, actorId: number) {
      return notifications.markReadFromActor(userId, type, actorId);
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
