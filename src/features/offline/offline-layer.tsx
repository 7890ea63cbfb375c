import { useEffect } from 'react';
import { startImagePriority } from './image-priority';
import { OfflineBanner } from './offline-banner';
import { OutboxIndicator } from './outbox-indicator';
import { startOutboxSync } from './outbox-sync';
import { UpdatePrompt } from './update-prompt';

/**
 * Everything offline the app shows on every page: the offline banner, "有新版本", the outbox
 * pill; and what it keeps running: outbox replay and the on-screen image report.
 */
export function OfflineLayer() {
  useEffect(() => startOutboxSync(), []);
  useEffect(() => startImagePriority(), []);
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
      <OutboxIndicator />
    </>
  );
}
