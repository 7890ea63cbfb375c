import type { Kysely } from 'kysely';
import type { NotificationType } from '../../../contract/notification.ts';
import type { Database } from '../../db/schema.ts';
import type { PageWindow } from '../../lib/pagination.ts';

/** Type-specific details kept as JSON in `notifications.data`. */
export interface NotificationDetails {
  /** The comment, reply or message, shortened. */
  excerpt?: string;
  /** Why a note was rejected. */
  reason?: string | null;
  /** report_resolved: the admin's action and the kind of content reported. */
  outcome?: string;
  reportTarget?: string;
}

export interface NewNotification {
  userId: number;
  actorId: number | null;
  type: NotificationType;
  postId?: number | null;
  commentId?: number | null;
  details?: NotificationDetails;
}

/** Identifies "the same" notification: one actor doing one thing to one note for one user. */
export interface NotificationKey {
  userId: number;
  actorId: number;
  type: NotificationType;
  postId: number | null;
}

const INSERT_CHUNK = 500;

export function createNotificationRepository(db: Kysely<Database>) {
  /** Notifications joined with what the list shows: the actor and the note. */
  const presentable = () =>
    db
      .selectFrom('notifications')
      .leftJoin('users as actor', 'actor.id', 'notifications.actor_id')
      .leftJoin('posts', 'posts.id', 'notifications.post_id')
      .select([
        'notifications.id',
        'notifications.user_id',
        'notifications.type',
        'notifications.actor_id',
        'notifications.post_id',
        'notifications.comment_id',
        'notifications.data',
        'notifications.read_at',
        'notifications.created_at',
        'actor.username as actor_username',
        'actor.avatar as actor_avatar',
        'actor.premium_end_at as actor_premium_end_at',
        'posts.title as post_title',
        'posts.cover_url as post_cover_url',
        'posts.cover_width as post_cover_width',
        'posts.cover_height as post_cover_height',
      ]);

  const unreadMatching = (key: NotificationKey) => {
    let query = db
      .selectFrom('notifications')
      .select('id')
      .where('type', '=', key.type)
      .where('actor_id', '=', key.actorId)
      .where('user_id', '=', key.userId)
      .where('read_at', 'is', null);
    query =
      key.postId === null
        ? query.where('post_id', 'is', null)
        : query.where('post_id', '=', key.postId);
    return query;
  };

  return {
    /** Returns the new ids in the order given. */
    async insertMany(rows: NewNotification[], now = Date.now()): Promise<number[]> {
      const ids: number[] = [];
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        const chunk = rows.slice(start, start + INSERT_CHUNK);
        const inserted = await db
          .insertInto('notifications')
          .values(
            chunk.map((row) => ({
              user_id: row.userId,
              actor_id: row.actorId,
              type: row.type,
              post_id: row.postId ?? null,
              comment_id: row.commentId ?? null,
              data: JSON.stringify(row.details ?? {}),
              read_at: null,
              created_at: now,
            })),
          )
          .returning('id')
          .execute();
        ids.push(...inserted.map((row) => row.id));
      }
      return ids;
    },

    async findUnread(key: NotificationKey): Promise<number | undefined> {
      const row = await unreadMatching(key).executeTakeFirst();
      return row?.id;
    },

    /** Brings an unread notification back to the top with fresh details (a newer message). */
    async refresh(id: number, details: NotificationDetails, now = Date.now()): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ data: JSON.stringify(details), created_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Removes the unread notifications an action created when the action is undone. */
    async deleteUnread(key: NotificationKey): Promise<number> {
      const ids = (await unreadMatching(key).execute()).map((row) => row.id);
      if (ids.length === 0) return 0;
      const result = await db.deleteFrom('notifications').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Deletes every notification about a comment; returns the users who had an unread one. */
    async deleteForComment(commentId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('notifications')
        .select(['user_id', 'read_at'])
        .where('comment_id', '=', commentId)
        .execute();
      if (rows.length === 0) return [];
      await db.deleteFrom('notifications').where('comment_id', '=', commentId).execute();
      return [...new Set(rows.filter((row) => row.read_at === null).map((row) => row.user_id))];
    },

    /** Whether any notification of this kind about this note by this actor exists (index notifications_dedupe). */
    async exists(type: NotificationType, actorId: number, postId: number): Promise<boolean> {
      const row = await db
        .selectFrom('notifications')
        .select('id')
        .where('type', '=', type)
        .where('actor_id', '=', actorId)
        .where('post_id', '=', postId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The text of a comment, quoted in its notification. */
    async commentContent(commentId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('comments')
        .select('content')
        .where('id', '=', commentId)
        .executeTakeFirst();
      return row?.content;
    },

    findPresentable(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return presentable().where('notifications.id', 'in', ids).execute();
    },

    /** Newest first (index notifications_user). */
    list(userId: number, window: PageWindow) {
      return presentable()
        .where('notifications.user_id', '=', userId)
        .orderBy('notifications.created_at', 'desc')
        .orderBy('notifications.id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
    },

    async count(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Index notifications_user_unread. */
    async unreadCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async markAllRead(userId: number, now = Date.now()): Promise<number> {
      const result = await db
        .updateTable('notifications')
        .set({ read_at: now })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** False when the notification does not exist or belongs to someone else. */
    async markRead(id: number, userId: number, now = Date.now()): Promise<boolean> {
      const row = await db
        .selectFrom('notifications')
        .select(['id', 'read_at'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return false;
      if (row.read_at === null) {
        await db.updateTable('notifications').set({ read_at: now }).where('id', '=', id).execute();
      }
      return true;
    },

    /** Marks the unread notifications of one type from one actor as read (a thread was read). */
    async markReadFromActor(
      userId: number,
      type: NotificationType,
      actorId: number,
      now = Date.now(),
    ): Promise<number> {
      const result = await db
        .updateTable('notifications')
        .set({ read_at: now })
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('actor_id', '=', actorId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
export type PresentableNotificationRow = Awaited<
  ReturnType<NotificationRepository['list']>
>[number];
