import type { ConversationList, Message, MessageThread } from '../../../contract/message.ts';
import { errorText } from '../../../contract/messages.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pageCount, pageWindow } from '../../lib/pagination.ts';
import type { DomainEventBus } from '../../plugins/domain-events.ts';
import type { Realtime } from '../events/realtime-plugin.ts';
import { presentPerson } from '../follows/present-person.ts';
import type { UserRepository } from '../users/user-repository.ts';
import type { MessageRepository } from './message-repository.ts';
import { presentConversation, presentMessage } from './present-message.ts';

export function createMessageService(deps: {
  messages: MessageRepository;
  /**
   * Where a reader's conversations and a thread's page are read: off the thread that answers
   * requests where it can be.
   */
  lists: {
    messages: Pick<
      MessageRepository,
      'listConversations' | 'countConversations' | 'thread' | 'countThread'
    >;
    users: Pick<UserRepository, 'findById'>;
  };
  users: UserRepository;
  events: DomainEventBus;
  realtime: Pick<Realtime, 'publish'>;
}) {
  const { messages, lists, users, events, realtime } = deps;

  async function otherUser(id: number, from: Pick<UserRepository, 'findById'> = users) {
    const row = await from.findById(id);
    if (!row) throw notFound(errorText.userNotFound);
    return row;
  }

  return {
    async send(senderId: number, recipientId: number, rawContent: string): Promise<Message> {
      const content = rawContent.trim();
      if (!content) throw badRequest(errorText.messageRequired);
      if (senderId === recipientId) throw badRequest(errorText.cannotMessageSelf);
      await otherUser(recipientId);
      const sender = await otherUser(senderId);
      const row = await messages.insert(senderId, recipientId, content);
      const message = presentMessage(row);
      const event = { message, from: presentPerson(sender) };
      // The sender's other tabs show it too; the recipient's count follows from the
      // notification the domain event creates.
      await realtime.publish(recipientId, 'message', event);
      await realtime.publish(senderId, 'message', event);
      await events.emit('message.sent', {
        messageId: row.id,
        senderId,
        recipientId,
        content: row.content,
      });
      return message;
    },

    async conversations(
      userId: number,
      query: { page?: number; limit?: number },
    ): Promise<ConversationList> {
      const window = pageWindow(query);
      const [rows, total] = await Promise.all([
        lists.messages.listConversations(userId, window),
        lists.messages.countConversations(userId),
      ]);
      return {
        conversations: rows.map(presentConversation),
        total,
        page: window.page,
        pages: pageCount(total, window.limit),
      };
    },

    async thread(
      userId: number,
      otherId: number,
      query: { page?: number; limit?: number },
    ): Promise<MessageThread> {
      const other = await otherUser(otherId, lists.users);
      const window = pageWindow(query);
      const [rows, total] = await Promise.all([
        lists.messages.thread(userId, otherId, window),
        lists.messages.countThread(userId, otherId),
      ]);
      return {
        user: presentPerson(other),
        messages: rows.map(presentMessage),
        total,
        page: window.page,
        pages: pageCount(total, window.limit),
      };
    },

    /** Reading a thread also reads the "new message" notifications it caused (a listener). */
    async markRead(userId: number, otherId: number): Promise<number> {
      await otherUser(otherId);
      const changed = await messages.markThreadRead(userId, otherId);
      await events.emit('messages.read', { userId, otherId, changed });
      return changed;
    },

    unreadCount(userId: number) {
      return messages.unreadCount(userId);
    },
  };
}
