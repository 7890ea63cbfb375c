import { MessageCircle } from 'lucide-react';
import type { Conversation } from '../../../../contract/message';
import { Avatar } from '../../../components/avatar';
import { EmptyState } from '../../../components/empty-state';
import { formatTime } from '../../../lib/format';
import { messageTexts } from '../texts';
import styles from './messages-panel.module.css';

export interface ConversationListProps {
  conversations: Conversation[];
  loading: boolean;
  onOpen: (userId: string) => void;
}

export function ConversationList({ conversations, loading, onOpen }: ConversationListProps) {
  if (loading) {
    return (
      <ul
        className={styles.conversations}
        aria-busy="true"
        aria-label={messageTexts.loadingConversations}
      >
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index} className={styles.skeleton} />
        ))}
      </ul>
    );
  }
  if (conversations.length === 0) {
    return (
      <EmptyState
        icon={<MessageCircle size={28} />}
        title={messageTexts.emptyTitle}
        description={messageTexts.emptyDescription}
      />
    );
  }
  return (
    <ul className={styles.conversations}>
      {conversations.map((conversation) => (
        <li key={conversation.user.id}>
          <button
            type="button"
            className={styles.conversation}
            onClick={() => onOpen(conversation.user.id)}
          >
            <Avatar src={conversation.user.avatar} alt="" size={44} />
            <span className={styles.summary}>
              <span className={styles.summaryTop}>
                <strong className={styles.name}>{conversation.user.username}</strong>
                <time className={styles.time} dateTime={conversation.updatedAt}>
                  {formatTime(conversation.updatedAt)}
                </time>
              </span>
              <span className={styles.summaryBottom}>
                <span className={styles.preview}>
                  {conversation.lastMessage.recipientId === conversation.user.id &&
                    `${messageTexts.you}：`}
                  {conversation.lastMessage.content}
                </span>
                {conversation.unreadCount > 0 && (
                  <span
                    className={styles.count}
                    aria-label={messageTexts.unreadCount(conversation.unreadCount)}
                  >
                    {conversation.unreadCount > 99 ? '99+' : conversation.unreadCount}
                  </span>
                )}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
