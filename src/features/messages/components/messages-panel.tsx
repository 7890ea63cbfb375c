import { MessagesSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useSessionStore } from '../../../stores/session-store';
import { useModalStore } from '../../../stores/modal-store';
import { useConversations } from '../hooks/use-conversations';
import { messageTexts } from '../texts';
import { ConversationList } from './conversation-list';
import styles from './messages-panel.module.css';
import { ThreadView } from './thread-view';

/** From this width the inbox shows the conversations and the open thread side by side. */
const TWO_PANE_QUERY = '(min-width: 1024px)';

/** The user a "私信" button asked for (`{userId}` in the event); null opens the list. */
function requestedUser(detail: unknown): string | null {
  if (!detail || typeof detail !== 'object') return null;
  const userId = (detail as { userId?: unknown }).userId;
  return typeof userId === 'string' && userId ? userId : null;
}

export interface MessagesPanelProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The envelope's panel. On phones and narrow windows: conversations, then a thread with a
 * composer (SPEC.md's modal). On wide screens: a two-pane inbox, the conversations on the left
 * (live) and the chosen thread on the right (decision 018). A "私信" button elsewhere opens it
 * straight on the thread with that user.
 */
export default function MessagesPanel({ open, onClose }: MessagesPanelProps) {
  const me = useSessionStore((state) => state.user?.id ?? null);
  const requested = useModalStore((state) => requestedUser(state.panelDetail));
  const twoPane = useMediaQuery(TWO_PANE_QUERY);
  const [threadWith, setThreadWith] = useState<string | null>(null);
  const showingThread = threadWith !== null && me !== null && threadWith !== me;
  // Beside a thread the list stays live; alone, it rests while a thread covers it.
  const inbox = useConversations(open && (twoPane || !showingThread));
  const { markRead } = inbox;

  useEffect(() => {
    if (!open) {
      setThreadWith(null);
      return;
    }
    if (requested) setThreadWith(requested);
  }, [open, requested]);

  useEffect(() => {
    if (threadWith) markRead(threadWith);
  }, [threadWith, markRead]);

  const thread =
    showingThread && me !== null ? (
      <ThreadView
        key={threadWith}
        userId={threadWith}
        me={me}
        onBack={twoPane ? undefined : () => setThreadWith(null)}
        onLeave={onClose}
      />
    ) : null;

  const list = (
    <ConversationList
      conversations={inbox.conversations}
      loading={inbox.loading}
      onOpen={setThreadWith}
      selected={twoPane ? threadWith : null}
    />
  );

  if (twoPane) {
    return (
      <Modal open={open} onClose={onClose} title={messageTexts.title} width={960}>
        <div className={styles.inbox}>
          <nav className={styles.inboxList} aria-label={messageTexts.conversationsLabel}>
            {list}
          </nav>
          <section className={styles.inboxThread} aria-label={messageTexts.threadLabel}>
            {thread ??
              (inbox.conversations.length > 0 && (
                <EmptyState
                  icon={<MessagesSquare size={28} />}
                  title={messageTexts.pickTitle}
                  description={messageTexts.pickDescription}
                />
              ))}
          </section>
        </div>
      </Modal>
    );
  }

  return (
    <Modal open={open} onClose={onClose} title={messageTexts.title} width={520}>
      {thread ?? list}
    </Modal>
  );
}
