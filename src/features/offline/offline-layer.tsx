import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle';
import { OfflineBanner } from './offline-banner';
import { UpdatePrompt } from './update-prompt';
import styles from './offline-layer.module.css';

const OutboxLayer = lazy(() => import('./outbox-layer'));

/** Resolves once the page has loaded and the main thread has a quiet moment. */
function afterLoad(run: () => void): () => void {
  let cancelIdle = () => {};
  const start = () => {
    cancelIdle = whenIdle(run);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    cancelIdle();
    window.removeEventListener('load', start);
  };
}

/**
 * Everything offline the app shows on every page: the offline banner and "有新版本" at once;
 * the outbox (its pill, replay and the image report) once the page has loaded.
 */
export function OfflineLayer() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoad(() => setReady(true)), []);
  // One dock at the bottom (above the phone's tab bar) stacks them, so none covers another.
  return (
    <div className={styles.dock}>
      <UpdatePrompt />
      {ready && (
        <Suspense fallback={null}>
          <OutboxLayer />
        </Suspense>
      )}
      <OfflineBanner />
    </div>
  );
}
