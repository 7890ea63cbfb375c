import { Link } from 'react-router-dom';
import { HOT_SEARCHES } from '../../../lib/constants';
import { searchTexts } from '../texts';
import styles from './hot-searches.module.css';

/** The hot searches of SPEC.md section 9 as links, for a search page without a keyword. */
export function HotSearches() {
  return (
    <nav className={styles.hot} aria-label={searchTexts.hotHeading}>
      <span className={styles.label}>{searchTexts.hotHeading}</span>
      {HOT_SEARCHES.map((term) => (
        <Link key={term} to={`/search?search=${encodeURIComponent(term)}`} className={styles.chip}>
          {term}
        </Link>
      ))}
    </nav>
  );
}
