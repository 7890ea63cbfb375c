import type { Conversation, Message } from '../../../contract/message.ts';
import { isoOrNull, toApiId } from '../../lib/ids.ts';
import { presentPerson } from '../follows/present-person.ts';
import type { ConversationRow, MessageRow } from './message-repository.ts';

export function presentMessage(row: MessageRow): Message {
  const id = toApiId(row.id);
  return {
    _id: id,
    id,
    senderId: toApiId(row.sender_id),
    recipientId: toApiId(row.recipient_id),
    content: row.content,
    createdAt: new Date(row.created_at).toISOString(),
    readAt: isoOrNull(row.read_at),
    ...(row.hidden_reason === null ? {} : { hiddenReason: row.hidden_reason }),
  };
}

export function presentConversation(row: ConversationRow): Conversation {
  return {
    user: presentPerson({ ...row, id: row.other_id }),
    lastMessage: presentMessage(row.message),
    unreadCount: row.unread_count,
    updatedAt: new Date(row.last_at).toISOString(),
  };
}
