import type { Notification, NotificationType } from '../../../contract/notification.ts';
import type { PushKind, PushPayload } from '../../../contract/push-payload.ts';
import { pushTexts as texts } from './push-texts.ts';

/** The news that may go out as a push, by the kind a person switches on or off. */
const KIND_OF: Partial<Record<NotificationType, PushKind>> = {
  message: 'message',
  comment: 'comment',
  reply: 'reply',
  follow: 'follow',
  post_approved: 'review',
  post_rejected: 'review',
  report_resolved: 'review',
};

export function pushKindOf(type: NotificationType): PushKind | null {
  return KIND_OF[type] ?? null;
}

/**
 * The push for a notification, worded here because the worker shows it with no page to ask.
 * It quotes only what the notification itself holds (a comment's or message's excerpt, a
 * note's title, a rejection reason), never a note's body, so no paid text can leave this way.
 */
export function pushMessageFor(notification: Notification): PushPayload | null {
  const who = notification.actor?.username ?? texts.someone;
  const excerpt = notification.excerpt ?? '';
  const post = notification.post;
  const postUrl = post ? `/post/${post.id}` : '/notifications';
  switch (notification.type) {
    case 'message':
      return {
        title: texts.message(who),
        body: excerpt,
        url: '/messages',
        // One notification per conversation: a second message replaces the first.
        tag: `message-${notification.actor?.id ?? notification.id}`,
      };
    case 'comment':
    case 'reply':
      return {
        title: texts[notification.type](who),
        body: excerpt,
        url: postUrl,
        tag: `${notification.type}-${notification.commentId ?? notification.id}`,
      };
    case 'follow':
      return {
        title: texts.follow(who),
        body: texts.followBody,
        url: notification.actor ? `/profile/${notification.actor.id}` : '/notifications',
        tag: `follow-${notification.actor?.id ?? notification.id}`,
      };
    case 'post_approved':
    case 'post_rejected': {
      const title = post?.title ?? '';
      const approved = notification.type === 'post_approved';
      return {
        title: approved ? texts.postApproved : texts.postRejected,
        body: approved ? texts.approvedBody(title) : texts.rejectedBody(title, notification.reason),
        // A rejected note is not public: its author finds it among their own notes.
        url: approved ? postUrl : '/profile',
        tag: `review-${post?.id ?? notification.id}`,
      };
    }
    case 'report_resolved':
      return {
        title: texts.reportResolved,
        body: texts.reportOutcomes[notification.outcome ?? ''] ?? texts.reportThanks,
        url: '/notifications',
        tag: `report-${notification.id}`,
      };
    default:
      return null;
  }
}
