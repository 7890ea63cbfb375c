import { CloudUpload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { outboxTexts } from './outbox-texts';
import { useOutbox } from './use-outbox';
import styles from './outbox-indicator.module.css';

const OutboxPanel = lazy(() => import('./outbox-panel'));

/** A pill that appears while something written offline waits, opening the outbox list. */
export function OutboxIndicator() {
  const items = useOutbox();
  const [open, setOpen] = useState(false);
  if (items.length === 0 && !open) return null;
  const failed = items.some((item) => item.status === 'failed');
  return (
    <>
      {items.length > 0 && (
        <button
          type="button"
          className={failed ? `${styles.pill} ${styles.failed}` : styles.pill}
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
        >
          <CloudUpload size={16} aria-hidden />
          {outboxTexts.summary(items.length)}
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <OutboxPanel items={items} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
