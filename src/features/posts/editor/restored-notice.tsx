import { History } from 'lucide-react';
import { editorTexts } from './texts';
import styles from './restored-notice.module.css';

/** Tells the author the editor reopened changes they had not saved, and lets them drop them. */
export function RestoredNotice({ onDiscard }: { onDiscard: () => void }) {
  return (
    <p className={styles.notice} role="status">
      <History size={16} aria-hidden />
      <span>{editorTexts.draftRestored}</span>
      <button type="button" className={styles.discard} onClick={onDiscard}>
        {editorTexts.discardRestored}
      </button>
    </p>
  );
}
