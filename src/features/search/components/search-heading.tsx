import { fillText } from '../../../../contract/messages';
import { formatCount } from '../../../lib/format';
import { searchTexts } from '../texts';
import styles from './search-heading.module.css';

/** 搜索“AI” with how many notes were found. */
export function SearchHeading({ keyword, total }: { keyword: string; total: number | undefined }) {
  return (
    <div className={styles.heading}>
      <h1 className={styles.title}>{fillText(searchTexts.heading, { keyword })}</h1>
      {total !== undefined && (
        <p className={styles.total} aria-live="polite">
          {fillText(searchTexts.totalNotes, { total: formatCount(total) })}
        </p>
      )}
    </div>
  );
}
