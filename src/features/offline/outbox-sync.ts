import { notify } from '../../lib/notify';
import { replayOutbox, subscribeOutbox } from '../../lib/outbox';
import { useSessionStore } from '../../stores/session-store';
import { pageTransport } from './page-transport';
import { offlineTexts } from './texts';

/** Sends the signed-in account's waiting items now, if the browser believes it is online. */
export function replayNow(): void {
  const ownerId = useSessionStore.getState().user?.id;
  if (!ownerId || !navigator.onLine) return;
  void replayOutbox({ transport: pageTransport, ownerId });
}

/**
 * Replays the outbox on page load, on every `online` event and on sign-in, and tells the reader
 * when something written offline has gone out. Returns the cleanup.
 */
export function startOutboxSync(): () => void {
  replayNow();
  window.addEventListener('online', replayNow);
  const stopSession = useSessionStore.subscribe((state, previous) => {
    if (state.user?.id && state.user.id !== previous.user?.id) replayNow();
  });
  const stopEvents = subscribeOutbox((event) => {
    if (event.type !== 'sent') return;
    const title = event.title || offlineTexts.outbox.untitled;
    notify.success(
      event.kind === 'publish'
        ? offlineTexts.outbox.sentPublish(title)
        : offlineTexts.outbox.sentDraft(title),
    );
  });
  return () => {
    window.removeEventListener('online', replayNow);
    stopSession();
    stopEvents();
  };
}
