import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/button';
import { applyUpdate, dismissUpdate, useWorkerStore } from './service-worker';
import { offlineTexts } from './texts';
import styles from './update-prompt.module.css';

/** "有新版本": shown when a new worker waits; 刷新 switches to it and reloads. */
export function UpdatePrompt() {
  const updateReady = useWorkerStore((state) => state.updateReady);
  if (!updateReady) return null;
  return (
    <div className={styles.prompt} role="alert" aria-live="polite">
      <RefreshCw size={18} aria-hidden className={styles.icon} />
      <div className={styles.text}>
        <strong>{offlineTexts.update.available}</strong>
        <span className={styles.detail}>{offlineTexts.update.description}</span>
      </div>
      <Button size="small" onClick={applyUpdate}>
        {offlineTexts.update.reload}
      </Button>
      <Button size="small" variant="ghost" onClick={dismissUpdate}>
        {offlineTexts.update.later}
      </Button>
    </div>
  );
}
