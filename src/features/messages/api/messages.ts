import type { ConversationList, Message, MessageThread } from '../../../../contract/message';
import { PAGE_SIZE_DEFAULT } from '../../../../contract/common';
import { errorText } from '../../../../contract/page-messages';
import { batch } from '../../../lib/api/batch';
import { api } from '../../../lib/api/client';

/** Conversation lists fail quietly to empty, like the other inbox reads (SPEC.md section 8). */
export async function getConversations(): Promise<ConversationList> {
  try {
    return await batch.get<ConversationList>('/api/messages/conversations?limit=50', {
      force: true,
    });
  } catch {
    return { conversations: [], total: 0, page: 1, pages: 1 };
  }
}

/** Thread pages come newest first (page 1 = the latest), each oldest-first inside. */
export const getThread = (userId: string, page: number) =>
  api.get<MessageThread>(`/api/messages/with/${encodeURIComponent(userId)}`, {
    query: { page, limit: PAGE_SIZE_DEFAULT * 2 },
  });

/** Not retried by the client: a message resent after a lost answer would arrive twice. */
export const sendMessage = (recipientId: string, content: string) =>
  api.post<Message>(
    '/api/messages',
    { recipientId, content },
    { retries: 0, errorMessage: errorText.sendMessageFailed },
  );

export const markConversationRead = (userId: string) =>
  batch.put<unknown>(`/api/messages/with/${encodeURIComponent(userId)}/read`);
