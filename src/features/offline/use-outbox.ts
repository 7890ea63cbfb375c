import { useEffect, useState } from 'react';
import { listOutbox, subscribeOutbox } from '../../../shared/offline/outbox';
import type { OutboxItem } from '../../../shared/offline/outbox';
import { useSessionStore } from '../../stores/session-store';

/** The signed-in account's outbox, kept current across tabs and the worker. */
export function useOutbox(): OutboxItem[] {
  const ownerId = useSessionStore((state) => state.user?.id ?? null);
  const [items, setItems] = useState<OutboxItem[]>([]);

  useEffect(() => {
    if (!ownerId) return;
    let current = true;
    const load = () => {
      void listOutbox(ownerId).then((next) => {
        if (current) setItems(next);
      });
    };
    load();
    const unsubscribe = subscribeOutbox(load);
    return () => {
      current = false;
      unsubscribe();
    };
  }, [ownerId]);

  return ownerId ? items : [];
}
