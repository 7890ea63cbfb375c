import type { Notification } from '../../../contract/notification';
import { notificationTexts } from './texts';

/** Where clicking a notification leads. */
export type NotificationTarget =
  { kind: 'page'; to: string } | { kind: 'conversation'; userId: string } | null;

export function notificationTarget(notification: Notification): NotificationTarget {
  if (notification.type === 'message') {
    return notification.actor ? { kind: 'conversation', userId: notification.actor.id } : null;
  }
  if (notification.type === 'follow') {
    return notification.actor ? { kind: 'page', to: `/profile/${notification.actor.id}` } : null;
  }
  // A note hidden or deleted after a report is no longer there for the reporter to open.
  if (notification.type === 'report_resolved' && notification.outcome !== 'dismiss') return null;
  return notification.post ? { kind: 'page', to: `/post/${notification.post.id}` } : null;
}

/** Review results come from the site, not from the admin as a person. */
const SYSTEM_TYPES = new Set<Notification['type']>([
  'post_approved',
  'post_rejected',
  'report_resolved',
]);

export function isSystemNotification(notification: Notification): boolean {
  return SYSTEM_TYPES.has(notification.type) || !notification.actor;
}

/** The parts of a notification's line: who, what they did, and the quoted detail below. */
export function describeNotification(notification: Notification) {
  const system = isSystemNotification(notification);
  const detail =
    notification.type === 'post_rejected' && notification.reason
      ? notificationTexts.reason(notification.reason)
      : (notification.excerpt ?? notification.post?.title ?? null);
  return {
    who: system
      ? notificationTexts.system
      : (notification.actor?.username ?? notificationTexts.someone),
    action:
      (notification.outcome && notificationTexts.reportOutcomes[notification.outcome]) ||
      (notification.type === 'mention' && notification.commentId
        ? notificationTexts.mentionInComment
        : notificationTexts.actions[notification.type]),
    detail,
  };
}
