import type { Kysely, Selectable } from 'kysely';
import type { ConversationsTable, Database, MessagesTable } from '../../db/schema.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { PersonRow } from '../follows/present-person.ts';

export type MessageRow = Selectable<MessagesTable>;
export type ConversationRow = Selectable<ConversationsTable> &
  Omit<PersonRow, 'id'> & { message: MessageRow };

/** Both directions of a conversation share one key, so one index serves the whole thread. */
export const conversationKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export function createMessageRepository(db: Kysely<Database>) {
  return {
    /** Stores the message and moves the conversation to the top of both inboxes, atomically. */
    insert(senderId: number, recipientId: number, content: string, now = Date.now()) {
      return db.transaction().execute(async (trx) => {
        const message = await trx
          .insertInto('messages')
          .values({
            sender_id: senderId,
            recipient_id: recipientId,
            conversation_key: conversationKey(senderId, recipientId),
            content,
            created_at: now,
            read_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const sides = [
          { user_id: senderId, other_id: recipientId, unread: 0 },
          { user_id: recipientId, other_id: senderId, unread: 1 },
        ];
        for (const side of sides) {
          await trx
            .insertInto('conversations')
            .values({
              user_id: side.user_id,
              other_id: side.other_id,
              last_message_id: message.id,
              last_at: now,
              unread_count: side.unread,
            })
            .onConflict((oc) =>
              oc.columns(['user_id', 'other_id']).doUpdateSet((eb) => ({
                last_message_id: message.id,
                last_at: now,
                unread_count: eb('conversations.unread_count', '+', side.unread),
              })),
            )
            .execute();
        }
        return message;
      });
    },

    /** Hides a reported message from its recipient; the sender keeps it, with the reason. */
    async hide(id: number, reason: string): Promise<void> {
      await db
        .updateTable('messages')
        .set({ hidden_reason: reason })
        .where('id', '=', id)
        .execute();
    },

    findById(id: number): Promise<MessageRow | undefined> {
      return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The caller's inbox, newest conversation first (index conversations_inbox). */
    async listConversations(userId: number, window: PageWindow) {
      const rows = await db
        .selectFrom('conversations')
        .innerJoin('users', 'users.id', 'conversations.other_id')
        .innerJoin('messages', 'messages.id', 'conversations.last_message_id')
        .select([
          'conversations.user_id',
          'conversations.other_id',
          'conversations.last_message_id',
          'conversations.last_at',
          'conversations.unread_count',
          'users.username',
          'users.avatar',
          'users.premium_end_at',
          'messages.sender_id',
          'messages.recipient_id',
          'messages.conversation_key',
          'messages.content',
          'messages.created_at',
          'messages.read_at',
          'messages.hidden_reason',
        ])
        .where('conversations.user_id', '=', userId)
        .orderBy('conversations.last_at', 'desc')
        .orderBy('conversations.other_id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
      return rows.map((row): ConversationRow => ({
        user_id: row.user_id,
        other_id: row.other_id,
        last_message_id: row.last_message_id,
        last_at: row.last_at,
        unread_count: row.unread_count,
        username: row.username,
        avatar: row.avatar,
        premium_end_at: row.premium_end_at,
        message: {
          id: row.last_message_id,
          sender_id: row.sender_id,
          recipient_id: row.recipient_id,
          conversation_key: row.conversation_key,
          // A message hidden after a report is not previewed to its recipient.
          content: row.hidden_reason !== null && row.sender_id !== userId ? '' : row.content,
          created_at: row.created_at,
          read_at: row.read_at,
          hidden_reason: row.sender_id === userId ? row.hidden_reason : null,
        },
      }));
    },

    async countConversations(userId: number): Promise<number> {
      const row = await db
        .selectFrom('conversations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * One page of `viewer`'s thread with `other`, newest page first, returned oldest first
     * (index messages_conversation); a message hidden after a report is left to its sender.
     */
    async thread(viewer: number, other: number, window: PageWindow): Promise<MessageRow[]> {
      const rows = await db
        .selectFrom('messages')
        .selectAll()
        .where('conversation_key', '=', conversationKey(viewer, other))
        .where((eb) => eb.or([eb('hidden_reason', 'is', null), eb('sender_id', '=', viewer)]))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
      return rows.reverse();
    },

    async countThread(viewer: number, other: number): Promise<number> {
      const row = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('conversation_key', '=', conversationKey(viewer, other))
        .where((eb) => eb.or([eb('hidden_reason', 'is', null), eb('sender_id', '=', viewer)]))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks what `otherId` sent to `userId` as read; returns how many changed. */
    markThreadRead(userId: number, otherId: number, now = Date.now()) {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('messages')
          .set({ read_at: now })
          .where('conversation_key', '=', conversationKey(userId, otherId))
          .where('recipient_id', '=', userId)
          .where('read_at', 'is', null)
          .executeTakeFirst();
        await trx
          .updateTable('conversations')
          .set({ unread_count: 0 })
          .where('user_id', '=', userId)
          .where('other_id', '=', otherId)
          .execute();
        return Number(result.numUpdatedRows);
      });
    },

    /** Unread messages to `userId` (index messages_recipient_unread). */
    async unreadCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('recipient_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type MessageRepository = ReturnType<typeof createMessageRepository>;
