import { CloudOff } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { offlineTexts } from './texts';
import styles from './offline-note-missing.module.css';

const texts = offlineTexts.noteNotSaved;

/**
 * A note asked for offline that neither the worker's cache nor 保存离线阅读 has: say so, rather
 * than a load error, and point to what can be read.
 */
export function OfflineNoteMissing({
  signedIn,
  onRetry,
}: {
  signedIn: boolean;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      icon={<CloudOff size={28} />}
      title={texts.title}
      description={texts.description}
      action={
        <div className={styles.actions}>
          {signedIn && (
            <Link to="/profile?tab=offline" className={buttonClass()}>
              {texts.openSaved}
            </Link>
          )}
          <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={onRetry}>
            {texts.retry}
          </button>
        </div>
      }
    />
  );
}
