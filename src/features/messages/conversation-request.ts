import { create } from 'zustand';

interface ConversationRequest {
  /** Whom the last `open-messages-panel` event asked to write to; null opens the list. */
  userId: string | null;
  clear: () => void;
}

export const useConversationRequest = create<ConversationRequest>()((set) => ({
  userId: null,
  clear: () => set({ userId: null }),
}));

function requestedUser(event: Event): string | null {
  const detail = (event as CustomEvent<unknown>).detail;
  if (!detail || typeof detail !== 'object') return null;
  const userId = (detail as { userId?: unknown }).userId;
  return typeof userId === 'string' && userId ? userId : null;
}

/**
 * Remembers the user a "私信" button asked for. Started with the app, before the panel's own
 * code loads, so the first request is not lost. Returns the unsubscribe.
 */
export function listenForConversationRequests(): () => void {
  const onOpen = (event: Event) =>
    useConversationRequest.setState({ userId: requestedUser(event) });
  window.addEventListener('open-messages-panel', onOpen);
  return () => window.removeEventListener('open-messages-panel', onOpen);
}
