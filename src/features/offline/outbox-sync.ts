import { mutate } from 'swr';
import { notify } from '../../lib/notify';
import { replayOutbox, subscribeOutbox } from '../../../shared/offline/outbox';
import type { OutboxSentEvent } from '../../../shared/offline/outbox';
import { useSessionStore } from '../../stores/session-store';
import { postKey } from '../../lib/post-key';
import { pageTransport } from '../../lib/page-transport';
import { outboxTexts as texts } from './outbox-texts';

function sentText(event: OutboxSentEvent): string {
  const title = event.title || texts.untitled;
  switch (event.kind) {
    case 'publish':
      return texts.sentPublish(title);
    case 'update':
      return texts.sentUpdate(title);
    case 'draft':
      return event.result.conflict ? texts.sentDraftConflict(title) : texts.sentDraft(title);
  }
}

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
    notify.success(sentText(event));
    // A note page open on the changed note shows the new version.
    if (event.kind === 'update') void mutate(postKey(event.postId));
  });
  return () => {
    window.removeEventListener('online', replayNow);
    stopSession();
    stopEvents();
  };
}
