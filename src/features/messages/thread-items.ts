import type { Message } from '../../../contract/message';

/** A message in the open thread; the caller's own may still be on its way or have failed. */
export interface ThreadItem {
  key: string;
  message: Message;
  state: 'sent' | 'sending' | 'failed';
}

export type ThreadAction =
  /** A page from the server: the first replaces, an earlier one goes on top. */
  | { type: 'loaded'; messages: Message[]; earlier: boolean }
  /** Shown at once while it is sent. */
  | { type: 'queued'; key: string; message: Message }
  | { type: 'sent'; key: string; message: Message }
  | { type: 'failed'; key: string }
  | { type: 'retrying'; key: string }
  /** Arrived live (the other person, or this user in another tab). */
  | { type: 'received'; message: Message };

const sent = (message: Message): ThreadItem => ({ key: message.id, message, state: 'sent' });

export function threadReducer(items: ThreadItem[], action: ThreadAction): ThreadItem[] {
  switch (action.type) {
    case 'loaded': {
      if (!action.earlier) {
        // Keep what is still pending or failed locally below the fresh page.
        const local = items.filter((item) => item.state !== 'sent');
        return [...action.messages.map(sent), ...local];
      }
      const known = new Set(items.map((item) => item.message.id));
      return [...action.messages.filter((message) => !known.has(message.id)).map(sent), ...items];
    }
    case 'queued':
      return [...items, { key: action.key, message: action.message, state: 'sending' }];
    case 'sent':
      return items
        .filter((item) => item.message.id !== action.message.id)
        .map((item) =>
          item.key === action.key ? { ...item, message: action.message, state: 'sent' } : item,
        );
    case 'failed':
    case 'retrying':
      return items.map((item) =>
        item.key === action.key
          ? { ...item, state: action.type === 'failed' ? 'failed' : 'sending' }
          : item,
      );
    case 'received': {
      const { message } = action;
      if (items.some((item) => item.message.id === message.id)) return items;
      // The echo of a message this tab is still sending: its own answer will place it.
      const echo = items.some(
        (item) =>
          item.state === 'sending' &&
          item.message.senderId === message.senderId &&
          item.message.content === message.content,
      );
      return echo ? items : [...items, sent(message)];
    }
  }
}
