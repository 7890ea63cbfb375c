import { fillText } from '../../../../contract/page-messages';
import { POST_LIMITS } from '../../../../contract/post-rules';
import { formatCount } from '../../../lib/format';
import { searchTexts } from '../texts';
import styles from './search-heading.module.css';

/** The server counts matches up to a cap: a total at the cap means at least that many. */
const totalText = (total: number) =>
  total >= POST_LIMITS.searchTotalCap ? `${POST_LIMITS.searchTotalCap}+` : formatCount(total);

/** 搜索“AI” with how many notes were found. */
export function SearchHeading({ keyword, total }: { keyword: string; total: number | undefined }) {
  return (
    <div className={styles.heading}>
      <h1 className={styles.title}>{fillText(searchTexts.heading, { keyword })}</h1>
      {total !== undefined && (
        <p className={styles.total} aria-live="polite">
          {fillText(searchTexts.totalNotes, { total: totalText(total) })}
        </p>
      )}
    </div>
  );
}
