import { X } from 'lucide-react';
import { fillText } from '../../../../contract/page-messages';
import { adminTexts } from '../texts';
import styles from './author-filter.module.css';

export interface AuthorFilterProps {
  /** The person's name once the queue has named them (null while it loads or failed). */
  name: string | null;
  onClear: () => void;
}

/** The chip of a report queue limited to one person, with the button that lifts the limit. */
export function AuthorFilter({ name, onClear }: AuthorFilterProps) {
  return (
    <p className={styles.filter}>
      <span className={styles.chip}>
        {/* The name arrives with the list: a screen reader hears the filter once it is named. */}
        <span aria-live="polite">
          {name ? fillText(adminTexts.authorFilter, { name }) : adminTexts.authorFilterUnnamed}
        </span>
        <button
          type="button"
          className={styles.clear}
          aria-label={adminTexts.authorFilterClear}
          title={adminTexts.authorFilterClear}
          onClick={onClear}
        >
          <X size={14} aria-hidden />
        </button>
      </span>
    </p>
  );
}
