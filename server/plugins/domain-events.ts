import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What happened in the domain, told to whoever cares (notifications, the atmosphere value,
 * the real-time stream) without the module that did it knowing about them.
 * All ids are database ids (numbers).
 */
export interface DomainEvents {
  'post.created': { postId: number; authorId: number; status: string };
  'post.reviewed': {
    postId: number;
    authorId: number;
    adminId: number;
    status: 'approved' | 'rejected';
    reason: string | null;
  };
  /** The author (or an admin) edited a note; status is the one after the edit. */
  'post.updated': { postId: number; authorId: number; status: string };
  'post.deleted': { postId: number; authorId: number };
  'post.liked': { postId: number; authorId: number; userId: number };
  'post.unliked': { postId: number; authorId: number; userId: number };
  'post.favorited': { postId: number; authorId: number; userId: number };
  'post.unfavorited': { postId: number; authorId: number; userId: number };
  'comment.created': {
    commentId: number;
    postId: number;
    postAuthorId: number;
    userId: number;
    /** Author of the comment replied to, for replies. */
    replyToUserId: number | null;
  };
  'comment.deleted': { commentId: number; postId: number };
  'user.followed': { followerId: number; followeeId: number };
  'user.unfollowed': { followerId: number; followeeId: number };
  /** `tag` is the tag's key (`tagKey` in contract/tag-rules.ts). */
  'tag.followed': { userId: number; tag: string };
  'tag.unfollowed': { userId: number; tag: string };
  'message.sent': { messageId: number; senderId: number; recipientId: number; content: string };
  /** The user read their thread with `otherId`; `changed` messages turned read. */
  'messages.read': { userId: number; otherId: number; changed: number };
  'user.signed-in': { userId: number };
  /** The user changed what their notes' cards show of them: their name, avatar or pinned note. */
  'user.updated': { userId: number };
  /** A payment notice settled an order (membership days or a note now belong to userId). */
  'order.paid': OrderEvent;
  /** A refund took back what the order gave. */
  'order.refunded': OrderEvent;
  /** An admin resolved every open report of one target; reporters hear the outcome. */
  'report.resolved': {
    reporterIds: number[];
    adminId: number;
    action: 'hide' | 'delete' | 'ban' | 'dismiss';
    targetType: 'post' | 'comment' | 'user' | 'message';
    /** The note reported, or the note of a reported comment, while it exists. */
    postId: number | null;
    /** The reported content as it was, shortened by the notification. */
    excerpt: string;
  };
  /** The user's atmosphere value changed (value is the new total). */
  'atmosphere.changed': { userId: number; value: number; points: number; kind: string };
}

export interface OrderEvent {
  orderId: string;
  userId: number;
  kind: 'membership' | 'post';
  postId: number | null;
  /** The seller of a note (null for memberships). */
  postAuthorId: number | null;
  amountCents: number;
}

type Listener<K extends keyof DomainEvents> = (event: DomainEvents[K]) => Promise<void> | void;

export interface DomainEventBus {
  emit<K extends keyof DomainEvents>(name: K, event: DomainEvents[K]): Promise<void>;
  on<K extends keyof DomainEvents>(name: K, listener: Listener<K>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    domainEvents: DomainEventBus;
  }
}

async function domainEvents(app: FastifyInstance) {
  const listeners = new Map<string, Listener<keyof DomainEvents>[]>();
  const bus: DomainEventBus = {
    // Listeners run before the request answers, so a client that reloads sees their effects;
    // a failing listener is logged and never fails the action that caused it.
    async emit(name, event) {
      for (const listener of listeners.get(name) ?? []) {
        try {
          await (listener as Listener<typeof name>)(event);
        } catch (error) {
          app.log.error({ err: error, event: name }, 'domain event listener failed');
        }
      }
    },
    on(name, listener) {
      listeners.set(name, [
        ...(listeners.get(name) ?? []),
        listener as Listener<keyof DomainEvents>,
      ]);
    },
  };
  app.decorate('domainEvents', bus);
}

export default fp(domainEvents, { name: 'domain-events' });
