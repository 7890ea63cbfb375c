import { Clock, Flame, X } from 'lucide-react';
import { HOT_SEARCHES } from '../../lib/constants';
import { shellTexts } from '../texts';
import styles from './search-box.module.css';

const texts = shellTexts.search;

interface SearchSuggestionsProps {
  /** The id the search box's combobox names as what it controls. */
  id: string;
  /** Recent searches, newest first; hot searches are offered when there are none. */
  history: string[];
  onSearch: (term: string) => void;
  onClear: () => void;
  onRemove: (term: string) => void;
}

/** The header search box's dropdown: recent searches to repeat or remove, or hot searches. */
export default function SearchSuggestions({
  id,
  history,
  onSearch,
  onClear,
  onRemove,
}: SearchSuggestionsProps) {
  return (
    <div className={styles.dropdown} id={id} role="dialog" aria-label={texts.suggestions}>
      {history.length > 0 ? (
        <section>
          <div className={styles.heading}>
            <span>{texts.history}</span>
            <button
              type="button"
              className={styles.clear}
              aria-label={texts.clearLabel}
              onClick={onClear}
            >
              {texts.clear}
            </button>
          </div>
          <ul className={styles.list}>
            {history.map((term) => (
              <li key={term} className={styles.item}>
                <button type="button" className={styles.term} onClick={() => onSearch(term)}>
                  <Clock size={15} aria-hidden="true" />
                  <span>{term}</span>
                </button>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={texts.remove(term)}
                  onClick={() => onRemove(term)}
                >
                  <X size={14} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <section>
          <div className={styles.heading}>
            <span>
              <Flame size={14} aria-hidden="true" /> {texts.hot}
            </span>
          </div>
          <div className={styles.chips}>
            {HOT_SEARCHES.map((term) => (
              <button
                key={term}
                type="button"
                className={styles.chip}
                onClick={() => onSearch(term)}
              >
                {term}
              </button>
            ))}
          </div>
        </section>
      )}
      <p className={styles.hint}>
        <kbd>Enter</kbd> {texts.hint}
      </p>
    </div>
  );
}
