import type { FastifyBaseLogger } from 'fastify';
import type { UnreadEvent } from '../../../contract/events.ts';
import type { Realtime } from '../events/realtime-plugin.ts';
import type { NotificationRepository } from './notification-repository.ts';

/**
 * The badge counts (unread notifications and unread messages) are this module's: every count
 * a client is sent, by the stream or by its snapshot, is computed here. The messages module is
 * only asked for its own number, through the narrow `messages` dependency.
 */
export function createUnreadCounts(deps: {
  notifications: Pick<NotificationRepository, 'unreadCount'>;
  messages: { unreadCount(userId: number): Promise<number> };
  realtime: Pick<Realtime, 'publish'>;
  log: FastifyBaseLogger;
}) {
  const { notifications, messages, realtime, log } = deps;

  async function counts(userId: number): Promise<UnreadEvent> {
    const [notificationCount, messageCount] = await Promise.all([
      notifications.unreadCount(userId),
      messages.unreadCount(userId),
    ]);
    return { notifications: notificationCount, messages: messageCount };
  }

  return {
    counts,
    /** Sends the user's current badge counts to their open streams. Never throws. */
    async push(userId: number): Promise<void> {
      try {
        await realtime.publish(userId, 'unread', await counts(userId));
      } catch (error) {
        log.error({ err: error }, 'unread count for real-time push failed');
      }
    },
  };
}

export type UnreadCounts = ReturnType<typeof createUnreadCounts>;
