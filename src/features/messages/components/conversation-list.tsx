import { MessageCircle } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import type { Conversation } from '../../../../contract/message';
import { Avatar } from '../../../components/avatar';
import { EmptyState } from '../../../components/empty-state';
import { formatBadgeCount, formatTime } from '../../../lib/format';
import { messageTexts } from '../texts';
import styles from './messages-panel.module.css';

export interface ConversationListProps {
  conversations: Conversation[];
  loading: boolean;
  onOpen: (userId: string) => void;
  /** The conversation shown beside the list (the two-pane inbox), marked as current. */
  selected?: string | null;
}

/** Up and down (Home, End) move between the conversations, as in a mail client's list. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
  const edge = { Home: 'first', End: 'last' }[event.key];
  if (!step && !edge) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    edge === 'first'
      ? buttons[0]
      : edge === 'last'
        ? buttons.at(-1)
        : buttons[Math.min(buttons.length - 1, Math.max(0, index + (step ?? 0)))];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

export function ConversationList({
  conversations,
  loading,
  onOpen,
  selected = null,
}: ConversationListProps) {
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
    <ul className={styles.conversations} onKeyDown={moveFocus}>
      {conversations.map((conversation) => (
        <li key={conversation.user.id}>
          <button
            type="button"
            className={styles.conversation}
            aria-current={conversation.user.id === selected ? 'true' : undefined}
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
                  <span className={styles.count}>
                    <span aria-hidden>{formatBadgeCount(conversation.unreadCount)}</span>
                    <span className="visually-hidden">
                      {messageTexts.unreadCount(conversation.unreadCount)}
                    </span>
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
