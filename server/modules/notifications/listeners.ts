import type { DomainEventBus } from '../../plugins/domain-events.ts';
import type { FollowRepository } from '../follows/follow-repository.ts';
import type { NotificationRepository } from './notification-repository.ts';
import { excerptOf } from './notification-service.ts';
import type { NotificationService } from './notification-service.ts';
import type { UnreadCounts } from './unread-counts.ts';

/** Turns what happened in the domain into notifications for the people it concerns. */
export function listenForNotifications(
  events: DomainEventBus,
  deps: {
    service: NotificationService;
    notifications: NotificationRepository;
    follows: Pick<FollowRepository, 'followerIds'>;
    unread: Pick<UnreadCounts, 'push'>;
  },
) {
  const { service, notifications, follows, unread } = deps;

  const toggles = [
    ['post.liked', 'post.unliked', 'like'],
    ['post.favorited', 'post.unfavorited', 'favorite'],
  ] as const;
  for (const [done, undone, type] of toggles) {
    events.on(done, ({ postId, authorId, userId }) =>
      service.notifyOnce({ userId: authorId, actorId: userId, type, postId }),
    );
    events.on(undone, ({ postId, authorId, userId }) =>
      service.withdraw({ userId: authorId, actorId: userId, type, postId }),
    );
  }

  events.on('user.followed', ({ followerId, followeeId }) =>
    service.notifyOnce({ userId: followeeId, actorId: followerId, type: 'follow', postId: null }),
  );
  events.on('user.unfollowed', ({ followerId, followeeId }) =>
    service.withdraw({ userId: followeeId, actorId: followerId, type: 'follow', postId: null }),
  );

  events.on('comment.created', async (event) => {
    const content = await notifications.commentContent(event.commentId);
    const details = { excerpt: excerptOf(content ?? '') };
    const base = {
      actorId: event.userId,
      postId: event.postId,
      commentId: event.commentId,
      details,
    };
    const rows = [];
    if (event.replyToUserId !== null)
      rows.push({ ...base, userId: event.replyToUserId, type: 'reply' as const });
    // The note's author hears about a reply to someone else's comment too, but only once.
    if (event.postAuthorId !== event.replyToUserId) {
      rows.push({ ...base, userId: event.postAuthorId, type: 'comment' as const });
    }
    await service.notify(rows);
  });
  events.on('comment.deleted', ({ commentId }) => service.withdrawComment(commentId));

  async function announceToFollowers(postId: number, authorId: number) {
    // Once per note: an edited note that is approved again is not news.
    if (await notifications.exists('new_post', authorId, postId)) return;
    const followerIds = await follows.followerIds(authorId);
    await service.notify(
      followerIds.map((userId) => ({
        userId,
        actorId: authorId,
        type: 'new_post' as const,
        postId,
      })),
    );
  }

  events.on('post.created', ({ postId, authorId, status }) =>
    status === 'approved' ? announceToFollowers(postId, authorId) : undefined,
  );
  events.on('post.reviewed', async ({ postId, authorId, adminId, status, reason }) => {
    await service.notify([
      {
        userId: authorId,
        actorId: adminId,
        type: status === 'approved' ? 'post_approved' : 'post_rejected',
        postId,
        details: status === 'rejected' ? { reason } : {},
      },
    ]);
    if (status === 'approved') await announceToFollowers(postId, authorId);
  });

  events.on('report.resolved', ({ reporterIds, action, targetType, postId, excerpt }) =>
    // From the site, not from the admin who acted: actor is null.
    service.notify(
      reporterIds.map((userId) => ({
        userId,
        actorId: null,
        type: 'report_resolved' as const,
        postId,
        details: { excerpt: excerptOf(excerpt), outcome: action, reportTarget: targetType },
      })),
    ),
  );
  events.on('message.sent', ({ senderId, recipientId, content }) =>
    service.notifyOnce(
      { userId: recipientId, actorId: senderId, type: 'message', postId: null },
      { details: { excerpt: excerptOf(content) } },
    ),
  );
  // Reading a thread also reads the "new message" notifications it caused.
  events.on('messages.read', async ({ userId, otherId, changed }) => {
    const read = await notifications.markReadFromActor(userId, 'message', otherId);
    if (changed > 0 || read > 0) await unread.push(userId);
  });
}
