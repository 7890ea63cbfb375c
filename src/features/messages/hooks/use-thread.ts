import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Message } from '../../../../contract/message';
import type { PostAuthor } from '../../../../contract/post';
import { onRealtime } from '../../../lib/realtime';
import { useUnreadStore } from '../../../stores/unread-store';
import { getThread, markConversationRead, sendMessage } from '../api/messages';
import { threadReducer } from '../thread-items';

let localKeys = 0;

/** Tells the server the thread is read and takes its messages off the envelope at once. */
function readThread(userId: string, unreadInThread: number) {
  if (unreadInThread > 0) {
    const unread = useUnreadStore.getState();
    unread.setCounts({ messages: Math.max(0, unread.messages - unreadInThread) });
  }
  markConversationRead(userId).catch(() => undefined);
}

const unreadFrom = (messages: Message[], userId: string) =>
  messages.filter((message) => message.senderId === userId && message.readAt === null).length;

/**
 * One conversation: the latest page on opening, earlier pages on request, live messages
 * appended, and sending shown at once with a failed state that can be retried.
 */
export function useThread(userId: string, me: string) {
  const [items, dispatch] = useReducer(threadReducer, []);
  const [other, setOther] = useState<PostAuthor | null>(null);
  const [page, setPage] = useState({ current: 1, pages: 1 });
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const request = useRef(0);

  const load = useCallback(async () => {
    const current = ++request.current;
    try {
      const thread = await getThread(userId, 1);
      if (current !== request.current) return;
      setOther(thread.user);
      setPage({ current: 1, pages: thread.pages });
      dispatch({ type: 'loaded', messages: thread.messages, earlier: false });
      setStatus('ready');
      readThread(userId, unreadFrom(thread.messages, userId));
    } catch {
      if (current === request.current) setStatus('error');
    }
  }, [userId]);

  useEffect(() => {
    setStatus('loading');
    void load();
  }, [load]);

  useEffect(
    () =>
      onRealtime('message', ({ message }) => {
        const mine = message.senderId === me && message.recipientId === userId;
        const theirs = message.senderId === userId && message.recipientId === me;
        if (!mine && !theirs) return;
        dispatch({ type: 'received', message });
        if (theirs) readThread(userId, 1);
      }),
    [me, userId],
  );

  const loadEarlier = useCallback(async () => {
    if (loadingEarlier || page.current >= page.pages) return;
    setLoadingEarlier(true);
    try {
      const thread = await getThread(userId, page.current + 1);
      dispatch({ type: 'loaded', messages: thread.messages, earlier: true });
      setPage({ current: page.current + 1, pages: thread.pages });
    } catch {
      // The button stays; the next press tries again.
    } finally {
      setLoadingEarlier(false);
    }
  }, [loadingEarlier, page, userId]);

  const deliver = useCallback(
    async (key: string, content: string) => {
      try {
        dispatch({ type: 'sent', key, message: await sendMessage(userId, content) });
      } catch {
        dispatch({ type: 'failed', key });
      }
    },
    [userId],
  );

  const send = useCallback(
    (content: string) => {
      localKeys += 1;
      const key = `local-${localKeys}`;
      dispatch({
        type: 'queued',
        key,
        message: {
          _id: '',
          id: '',
          senderId: me,
          recipientId: userId,
          content,
          createdAt: new Date().toISOString(),
          readAt: null,
        },
      });
      void deliver(key, content);
    },
    [deliver, me, userId],
  );

  const retry = useCallback(
    (key: string) => {
      const item = items.find((entry) => entry.key === key);
      if (!item || item.state !== 'failed') return;
      dispatch({ type: 'retrying', key });
      void deliver(key, item.message.content);
    },
    [deliver, items],
  );

  return {
    items,
    other,
    status,
    hasEarlier: page.current < page.pages,
    loadingEarlier,
    loadEarlier,
    send,
    retry,
    reload: load,
  };
}
