import { useEffect } from 'react';
import { startImagePriority } from './image-priority';
import { OutboxIndicator } from './outbox-indicator';
import { startOutboxSync } from './outbox-sync';

/**
 * The offline machinery that can wait until the page is up: outbox replay (IndexedDB and the
 * outbox code), the outbox pill and the on-screen image report. Its own chunk, loaded after
 * the first paint, so it weighs nothing on the first load.
 */
export default function OutboxLayer() {
  useEffect(() => startOutboxSync(), []);
  useEffect(() => startImagePriority(), []);
  return <OutboxIndicator />;
}
