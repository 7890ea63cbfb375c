import { useEffect, useState } from 'react';
import { Modal } from '../../../components/modal';
import { useSessionStore } from '../../../stores/session-store';
import { useModalStore } from '../../../stores/modal-store';
import { useConversations } from '../hooks/use-conversations';
import { messageTexts } from '../texts';
import { ConversationList } from './conversation-list';
import { ThreadView } from './thread-view';

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
 * The envelope's panel: conversations, then a thread with a composer. A "私信" button elsewhere
 * opens it straight on the thread with that user.
 */
export default function MessagesPanel({ open, onClose }: MessagesPanelProps) {
  const me = useSessionStore((state) => state.user?.id ?? null);
  const requested = useModalStore((state) => requestedUser(state.panelDetail));
  const [threadWith, setThreadWith] = useState<string | null>(null);
  const showingThread = threadWith !== null && me !== null && threadWith !== me;
  const inbox = useConversations(open && !showingThread);

  useEffect(() => {
    if (!open) {
      setThreadWith(null);
      return;
    }
    if (requested) setThreadWith(requested);
  }, [open, requested]);

  return (
    <Modal open={open} onClose={onClose} title={messageTexts.title} width={520}>
      {threadWith !== null && me !== null && showingThread ? (
        <ThreadView
          key={threadWith}
          userId={threadWith}
          me={me}
          onBack={() => setThreadWith(null)}
          onLeave={onClose}
        />
      ) : (
        <ConversationList
          conversations={inbox.conversations}
          loading={inbox.loading}
          onOpen={setThreadWith}
        />
      )}
    </Modal>
  );
}
