import type { Notification, NotificationType } from '../../../contract/notification.ts';
import { toApiId } from '../../lib/ids.ts';
import { presentPerson } from '../follows/present-person.ts';
import type { NotificationDetails, PresentableNotificationRow } from './notification-repository.ts';

function readDetails(json: string): NotificationDetails {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null ? (parsed as NotificationDetails) : {};
  } catch {
    return {};
  }
}

export function presentNotification(row: PresentableNotificationRow): Notification {
  const id = toApiId(row.id);
  const details = readDetails(row.data);
  return {
    _id: id,
    id,
    type: row.type as NotificationType,
    actor:
      row.actor_id !== null && row.actor_username !== null
        ? presentPerson({
            id: row.actor_id,
            username: row.actor_username,
            avatar: row.actor_avatar,
            premium_end_at: row.actor_premium_end_at,
          })
        : null,
    post:
      row.post_id !== null && row.post_title !== null
        ? {
            _id: toApiId(row.post_id),
            id: toApiId(row.post_id),
            title: row.post_title,
            cover:
              row.post_cover_url !== null
                ? {
                    url: row.post_cover_url,
                    width: row.post_cover_width ?? 0,
                    height: row.post_cover_height ?? 0,
                  }
                : null,
          }
        : null,
    commentId: row.comment_id === null ? null : toApiId(row.comment_id),
    excerpt: details.excerpt ?? null,
    reason: details.reason ?? null,
    ...(details.outcome === undefined ? {} : { outcome: details.outcome }),
    ...(details.reportTarget === undefined ? {} : { reportTarget: details.reportTarget }),
    isRead: row.read_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
