import { useCallback, useEffect, useRef, useState } from 'react';
import type { Notification } from '../../../../contract/notification';
import { onRealtime } from '../../../lib/realtime';
import { useUnreadStore } from '../../../stores/unread-store';
import { getNotifications } from '../api/get-notifications';
import { markAllNotificationsRead, markNotificationRead } from '../api/mark-read';

interface ListState {
  items: Notification[];
  page: number;
  pages: number;
  status: 'loading' | 'ready';
  loadingMore: boolean;
}

const INITIAL: ListState = { items: [], page: 1, pages: 1, status: 'loading', loadingMore: false };

const setUnreadNotifications = (count: number) =>
  useUnreadStore.getState().setCounts({ notifications: Math.max(0, count) });

/**
 * The notifications of the open panel: fresh on every opening, new ones arrive live at the top,
 * reading is shown at once (the server is told in the background).
 */
export function useNotifications(open: boolean) {
  const [state, setState] = useState<ListState>(INITIAL);
  const request = useRef(0);

  const reload = useCallback(async () => {
    const current = ++request.current;
    setState((previous) => ({ ...previous, status: previous.items.length ? 'ready' : 'loading' }));
    const first = await getNotifications(1, true);
    if (current !== request.current) return;
    setState({
      items: first.notifications,
      page: 1,
      pages: first.pages,
      status: 'ready',
      loadingMore: false,
    });
    setUnreadNotifications(first.unreadCount);
  }, []);

  useEffect(() => {
    if (open) void reload();
  }, [open, reload]);

  useEffect(() => {
    if (!open) return;
    return onRealtime('notification', (notification) => {
      setState((previous) => ({
        ...previous,
        items: [notification, ...previous.items.filter((item) => item.id !== notification.id)],
      }));
    });
  }, [open]);

  const loadMore = useCallback(async () => {
    if (state.loadingMore || state.page >= state.pages) return;
    const current = request.current;
    setState((previous) => ({ ...previous, loadingMore: true }));
    const next = await getNotifications(state.page + 1, false);
    if (current !== request.current) return;
    setState((previous) => {
      const known = new Set(previous.items.map((item) => item.id));
      return {
        ...previous,
        items: [...previous.items, ...next.notifications.filter((item) => !known.has(item.id))],
        page: next.page,
        pages: next.pages,
        loadingMore: false,
      };
    });
  }, [state.loadingMore, state.page, state.pages]);

  const markRead = useCallback((notification: Notification) => {
    if (notification.isRead) return;
    setState((previous) => ({
      ...previous,
      items: previous.items.map((item) =>
        item.id === notification.id ? { ...item, isRead: true } : item,
      ),
    }));
    setUnreadNotifications(useUnreadStore.getState().notifications - 1);
    // A failure leaves the server's count as it was; the next poll or stream event corrects it.
    markNotificationRead(notification.id).catch(() => undefined);
  }, []);

  const markAllRead = useCallback(() => {
    setState((previous) => ({
      ...previous,
      items: previous.items.map((item) => ({ ...item, isRead: true })),
    }));
    setUnreadNotifications(0);
    markAllNotificationsRead().catch(() => undefined);
  }, []);

  return {
    ...state,
    hasMore: state.page < state.pages,
    hasUnread: state.items.some((item) => !item.isRead),
    loadMore,
    markRead,
    markAllRead,
  };
}
