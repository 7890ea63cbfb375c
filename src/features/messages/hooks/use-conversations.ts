import { useCallback, useEffect, useRef, useState } from 'react';
import type { Conversation } from '../../../../contract/message';
import { onRealtime } from '../../../lib/realtime';
import { getConversations } from '../api/messages';

/** The inbox while the panel shows it: fresh on opening and after every live message. */
export function useConversations(active: boolean) {
  const [conversations, setConversations] = useState<Conversation[]>([]);
  const [loading, setLoading] = useState(true);
  const request = useRef(0);

  const reload = useCallback(async () => {
    const current = ++request.current;
    const list = await getConversations();
    if (current !== request.current) return;
    setConversations(list.conversations);
    setLoading(false);
  }, []);

  useEffect(() => {
    if (!active) return;
    void reload();
    return onRealtime('message', () => void reload());
  }, [active, reload]);

  /** A thread opened beside the list reads its messages: its count goes at once. */
  const markRead = useCallback((userId: string) => {
    setConversations((list) =>
      list.some((item) => item.user.id === userId && item.unreadCount > 0)
        ? list.map((item) => (item.user.id === userId ? { ...item, unreadCount: 0 } : item))
        : list,
    );
  }, []);

  return { conversations, loading, reload, markRead };
}
