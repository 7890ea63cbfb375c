import { mentionedNames, withoutCode } from '../../../contract/mention-rules.ts';
import type { DomainEventBus } from '../../plugins/domain-events.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { excerptOf } from '../notifications/notification-service.ts';
import { freeTextOf } from '../paywall/preview.ts';
import type { MentionRepository } from './mention-repository.ts';

/**
 * Tells people they were named (`@用户名`): in a note once it is published, once per note for
 * each person however often it is edited; in a comment, once per comment. Never the writer,
 * never a banned user, and not someone this comment already notifies as its note's author or
 * as the one replied to.
 */
export function listenForMentions(
  events: DomainEventBus,
  deps: { mentions: MentionRepository; notifications: NotificationService },
) {
  const { mentions, notifications } = deps;

  async function named(text: string, exclude: number[]): Promise<number[]> {
    const users = await mentions.reachableByName(mentionedNames(withoutCode(text)));
    return users.map((user) => user.id).filter((id) => !exclude.includes(id));
  }

  async function noteMentions(postId: number) {
    const post = await mentions.findPost(postId);
    if (!post || post.status !== 'approved') return;
    // A paid note's buyers-only part names nobody to the rest of the site.
    const text = freeTextOf(post.content, post.price_cents);
    const fresh = await mentions.recordNew(post.id, await named(text, [post.author_id]));
    await notifications.notify(
      fresh.map((userId) => ({ userId, actorId: post.author_id, type: 'mention', postId })),
    );
  }

  events.on('post.created', ({ postId, status }) =>
    status === 'approved' ? noteMentions(postId) : undefined,
  );
  events.on('post.updated', ({ postId, status }) =>
    status === 'approved' ? noteMentions(postId) : undefined,
  );
  events.on('post.reviewed', ({ postId, status }) =>
    status === 'approved' ? noteMentions(postId) : undefined,
  );

  events.on('comment.created', async (event) => {
    const comment = await mentions.findComment(event.commentId);
    if (!comment) return;
    const told = [event.userId, event.postAuthorId, event.replyToUserId ?? 0];
    const userIds = await named(comment.content, told);
    await notifications.notify(
      userIds.map((userId) => ({
        userId,
        actorId: event.userId,
        type: 'mention' as const,
        postId: event.postId,
        commentId: comment.id,
        details: { excerpt: excerptOf(comment.content) },
      })),
    );
  });
}
