import { create } from 'zustand';
import { api } from '../lib/api/client';
import {
  UNREAD_FORCED_MIN_GAP_MS,
  UNREAD_MIN_GAP_MS,
  UNREAD_POLL_CONNECTED_MS,
  UNREAD_POLL_HIDDEN_MS,
  UNREAD_POLL_VISIBLE_MS,
} from '../lib/constants';
import { createRealtimeConnection, realtimeSupported } from '../lib/realtime';
import { useSessionStore } from './session-store';

export interface UnreadCounts {
  notifications: number;
  messages: number;
}

export interface UnreadState extends UnreadCounts {
  /** True while a real-time stream delivers counts; polling then slows to every 5 min. */
  streamConnected: boolean;
  lastFetchedAt: number;
  /** Polls both counts; `force` lowers the minimum gap from 30 s to 5 s. */
  refresh: (force?: boolean) => Promise<void>;
  /** For the real-time stream: counts it received. */
  setCounts: (counts: Partial<UnreadCounts>) => void;
  setStreamConnected: (connected: boolean) => void;
  reset: () => void;
}

/** The server answers `{count}`; older shapes (`unreadCount`, a bare number) are read too. */
function countOf(answer: unknown): number {
  const value =
    typeof answer === 'number'
      ? answer
      : answer && typeof answer === 'object'
        ? ((answer as { count?: unknown; unreadCount?: unknown }).count ??
          (answer as { unreadCount?: unknown }).unreadCount)
        : 0;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** SPEC.md section 8: unread counts fail silently to 0. */
async function fetchCount(path: string): Promise<number> {
  try {
    return countOf(await api.get<unknown>(path, { retries: 0 }));
  } catch {
    return 0;
  }
}

export const useUnreadStore = create<UnreadState>()((set, get) => ({
  notifications: 0,
  messages: 0,
  streamConnected: false,
  lastFetchedAt: Number.NEGATIVE_INFINITY,

  async refresh(force = false) {
    // Offline the counts cannot come: polling resumes with the `online` event.
    if (useSessionStore.getState().status !== 'signed-in' || !navigator.onLine) return;
    const gap = force ? UNREAD_FORCED_MIN_GAP_MS : UNREAD_MIN_GAP_MS;
    const now = Date.now();
    if (now - get().lastFetchedAt < gap) return;
    set({ lastFetchedAt: now });
    const [notifications, messages] = await Promise.all([
      fetchCount('/api/notifications/unread-count'),
      fetchCount('/api/messages/unread-count'),
    ]);
    if (useSessionStore.getState().status === 'signed-in') set({ notifications, messages });
  },

  setCounts(counts) {
    set(counts);
  },

  setStreamConnected(streamConnected) {
    set({ streamConnected });
  },

  reset() {
    set({ notifications: 0, messages: 0, lastFetchedAt: Number.NEGATIVE_INFINITY });
  },
}));

function pollInterval(): number {
  if (useUnreadStore.getState().streamConnected) return UNREAD_POLL_CONNECTED_MS;
  return document.visibilityState === 'hidden' ? UNREAD_POLL_HIDDEN_MS : UNREAD_POLL_VISIBLE_MS;
}

/**
 * Backup polling of SPEC.md section 9 while someone is signed in: every 60 s with the tab
 * visible, 120 s hidden, 5 min while the real-time stream is up; at once when the tab returns.
 * Returns the function that stops it.
 */
export function startUnreadPolling(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The real-time stream delivers counts the moment they change; polling is its fallback.
  const stream = realtimeSupported()
    ? createRealtimeConnection({
        onUnread: (counts) => useUnreadStore.getState().setCounts(counts),
        onConnectedChange: (connected) => useUnreadStore.getState().setStreamConnected(connected),
      })
    : null;
  const schedule = () => {
    clearTimeout(timer);
    if (useSessionStore.getState().status !== 'signed-in' || !navigator.onLine) return;
    timer = setTimeout(() => {
      void useUnreadStore.getState().refresh().finally(schedule);
    }, pollInterval());
  };
  const onSession = (status: string, previous: string) => {
    if (status === previous) return;
    if (status === 'signed-in') {
      // A task later: signing in at start-up happens while the bundle starts (see session-store).
      setTimeout(() => {
        void useUnreadStore.getState().refresh(true);
        stream?.connect();
      });
    } else {
      stream?.disconnect();
      useUnreadStore.getState().reset();
    }
    schedule();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') void useUnreadStore.getState().refresh();
    schedule();
  };
  // Offline nothing is polled and the stream does not retry (no requests that must fail);
  // back online, both resume at once rather than when a back-off timer says so.
  const onOnline = () => {
    if (useSessionStore.getState().status !== 'signed-in') return;
    // A stream that looked open through the outage may be a dead connection (the browser does
    // not always notice): open it afresh, from the last event it delivered.
    stream?.connect();
    void useUnreadStore.getState().refresh(true);
    schedule();
  };
  const onOffline = () => clearTimeout(timer);
  const stopSession = useSessionStore.subscribe((state, prev) =>
    onSession(state.status, prev.status),
  );
  const stopStream = useUnreadStore.subscribe((state, prev) => {
    if (state.streamConnected !== prev.streamConnected) schedule();
  });
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  onSession(useSessionStore.getState().status, '');
  return () => {
    clearTimeout(timer);
    stream?.disconnect();
    stopSession();
    stopStream();
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}
