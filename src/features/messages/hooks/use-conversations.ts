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

  return { conversations, loading, reload };
}
